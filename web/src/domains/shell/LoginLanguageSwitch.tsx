import { useTranslation } from 'react-i18next';
import { setLanguage } from '../../platform/i18n';
import { isLang, LANG_LABELS, LANGS } from '../../platform/preferences';
import { toast } from '../../platform/ui/feedback';

/** The login page's language switch 中文 / English / 繁体: a native select, so the page needs no antd. */
export function LoginLanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = isLang(i18n.language) ? i18n.language : 'zh';
  const change = async (lang: string) => {
    if (!isLang(lang) || lang === current) return;
    await setLanguage(lang);
    toast('success', i18n.t('common:language.switched', { lng: lang }));
  };
  return (
    <select
      className="login-lang"
      value={current}
      aria-label={t('common:language.switch')}
      data-testid="login-language"
      onChange={(e) => void change(e.target.value)}
    >
      {LANGS.map((lang) => (
        <option key={lang} value={lang} data-lang={lang}>
          {LANG_LABELS[lang]}
        </option>
      ))}
    </select>
  );
}
