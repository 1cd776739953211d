import { createInstance } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/check.json';
import ByScanPage from './ByScanPage';

async function render(): Promise<string> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { check: en } }, ns: ['check'] });
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <ByScanPage />
    </I18nextProvider>,
  );
}

describe('/maintain/byScan (issue 45 #22)', () => {
  it('says what the page is for, how to scan, and what happens next', async () => {
    const html = (await render()).replace(/&#x27;/g, "'");
    expect(html).toContain(en.scan.intro);
    for (const step of [en.scan.stepScan, en.scan.stepList, en.scan.stepOpen]) expect(html).toContain(step);
    expect(html).toContain(en.scan.find);
    expect(html).toContain(`placeholder="${en.scan.placeholder}"`);
  });

  it('says how to do without a camera where the browser cannot read codes', async () => {
    const html = (await render()).replace(/&#x27;/g, "'");
    expect(html).toContain('data-testid="check-scan-no-camera"');
    expect(html).toContain(en.scan.noCamera);
    expect(html).not.toContain('data-testid="check-scan-camera"');
  });
});
