import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/reports.json';
import tw from '../../locales/tw/reports.json';
import zh from '../../locales/zh/reports.json';
import { MtbfDefinition } from './MtbfDefinition';

async function render(lng: 'en' | 'zh' | 'tw', running: unknown, failures: unknown) {
  const i18n = i18next.createInstance();
  await i18n
    .use(initReactI18next)
    .init({ lng, resources: { en: { reports: en }, zh: { reports: zh }, tw: { reports: tw } } });
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MtbfDefinition running={running} failures={failures} />
    </I18nextProvider>,
  );
}

describe("the home panel's MTBF", () => {
  it('says it is all machines’ running time ÷ failures, with the figures, when it is longer than its 30 days', async () => {
    // 100 machines × 720 h less 470 h down, 10 failures: an MTBF of 7,153 h over a window of 720 h.
    expect(await render('en', '71530.00', 10)).toContain('All machines&#x27; running time ÷ failures: 71,530 h ÷ 10');
    expect(await render('zh', '71530.00', 10)).toContain('全部设备运行时间之和 ÷ 故障次数：71,530 h ÷ 10');
    expect(await render('tw', '71530.00', 10)).toContain('全部設備運行時間之和 ÷ 故障次數：71,530 h ÷ 10');
    // No failure: the panel shows "No failure" and no division.
    expect(await render('en', '720.00', 0)).toBe('');
  });
});
