import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/integrations.json';
import tw from '../../locales/tw/integrations.json';
import zh from '../../locales/zh/integrations.json';
import type { EmailPreferences } from './api';
import { PreferencesForm } from './EmailNoticesPage';

const prefs = (email: string | null): EmailPreferences => ({
  kinds: ['assigned'],
  lang: 'en',
  email,
  choices: [
    { kind: 'assigned', label: 'Assigned to me' },
    { kind: 'approval', label: 'Approval waiting' },
  ],
});

async function render(lng: 'en' | 'zh' | 'tw', p: EmailPreferences) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng,
    resources: { en: { integrations: en }, zh: { integrations: zh }, tw: { integrations: tw } },
  });
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <PreferencesForm initial={p} onSaved={() => undefined} />
    </I18nextProvider>,
  );
}

describe('my e-mail notices', () => {
  it('says where the mails go and offers the kinds the server names, in each language', async () => {
    const html = await render('en', prefs('me@factory.test'));
    expect(html).toContain('Notices are sent to me@factory.test');
    expect(html).toContain('Assigned to me');
    expect(html).toContain('Approval waiting');
    expect(await render('zh', prefs('me@factory.test'))).toContain('通知将发送到 me@factory.test');
    expect(await render('tw', prefs('me@factory.test'))).toContain('通知將傳送到 me@factory.test');
  });

  it('tells a person without an address to add one first', async () => {
    const html = await render('en', prefs(null));
    expect(html).toContain('Your account has no e-mail address');
    expect(html).not.toContain('email.');
  });
});
