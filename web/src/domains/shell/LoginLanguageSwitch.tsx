import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../../platform/i18n';
import { isLang, LANG_LABELS, LANGS, type Lang } from '../../platform/preferences';
import { toast } from '../../platform/ui/feedback';

const GlobeIcon = () => (
  <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3Z" />
  </svg>
);

/**
 * The login page's language switch 中文 / English / 繁体: a button and a menu drawn like the navbar's antd
 * dropdown, in plain React (the login page loads no antd).
 */
export function LoginLanguageSwitch() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const current = isLang(i18n.language) ? i18n.language : 'zh';

  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const change = async (lang: Lang) => {
    setOpen(false);
    if (lang === current) return;
    await setLanguage(lang);
    toast('success', i18n.t('common:language.switched', { lng: lang }));
  };

  return (
    <div className="login-lang" ref={box}>
      <button
        type="button"
        className="login-lang__button"
        aria-label={t('common:language.switch')}
        aria-haspopup="true"
        aria-expanded={open}
        data-testid="login-language"
        onClick={() => setOpen((o) => !o)}
      >
        <GlobeIcon />
        <span>{LANG_LABELS[current]}</span>
      </button>
      {open ? (
        <div className="login-lang__menu" data-testid="login-language-menu">
          {LANGS.map((lang) => (
            <button
              key={lang}
              type="button"
              className={`login-lang__option${lang === current ? ' is-selected' : ''}`}
              aria-pressed={lang === current}
              data-lang={lang}
              onClick={() => void change(lang)}
            >
              {LANG_LABELS[lang]}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
