import { createInstance } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/das.json';
import type { Interval } from './api';
import { StateBar } from './StateBar';

async function render(intervals: Interval[]): Promise<string> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { das: en } }, ns: ['das'] });
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <StateBar intervals={intervals} from="2026-12-04T00:00:00.000Z" to="2026-12-04T10:00:00.000Z" />
    </I18nextProvider>,
  );
}

describe("a machine's state bar", () => {
  it('draws each interval at its share of the period in its colour, with the minutes per state', async () => {
    const html = await render([
      { state: 'running', from: '2026-12-04T00:00:00.000Z', to: '2026-12-04T06:00:00.000Z' },
      { state: 'fault', from: '2026-12-04T06:00:00.000Z', to: '2026-12-04T07:00:00.000Z' },
      { state: 'idle', from: '2026-12-04T07:00:00.000Z', to: '2026-12-04T10:00:00.000Z' },
    ]);
    expect(html).toContain('data-state="running" style="left:0%;width:60%;background:#52c41a"');
    expect(html).toContain('data-state="fault" style="left:60%;width:10%;background:#ff4d4f"');
    expect(html).toContain('Running 360 min');
    expect(html).toContain('Fault 60 min');
    expect(html).toContain('Offline 0 min');
  });

  it('says so when there are no states yet', async () => {
    expect(await render([])).toContain(en.states.none);
  });
});
