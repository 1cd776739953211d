import { CheckOutlined, TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../i18n';
import { isLang, LANG_LABELS, LANGS, type Lang } from '../preferences';
import { toast } from './feedback';

export { LANG_LABELS } from '../preferences';

/** Language switch 中文 / English / 繁体 with a success message (spec 2.3). */
export function LanguageSwitch({ className, showLabel = false }: { className?: string; showLabel?: boolean }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const current = isLang(i18n.language) ? i18n.language : 'zh';
  const change = async (lang: Lang) => {
    if (lang === current) return;
    setBusy(true);
    try {
      await setLanguage(lang);
      // In the new language: the hook's t still belongs to the previous render.
      toast('success', i18n.t('common:language.switched', { lng: lang }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectedKeys: [current],
        items: LANGS.map((lang) => ({
          key: lang,
          label: (
            <span className="lang-option" data-lang={lang}>
              {LANG_LABELS[lang]}
              {lang === current ? <CheckOutlined /> : null}
            </span>
          ),
        })),
        onClick: ({ key }) => void change(key as Lang),
      }}
    >
      <Button
        type="text"
        className={className}
        loading={busy}
        icon={<TranslationOutlined />}
        aria-label={t('common:language.switch')}
        data-testid="language-switch"
      >
        {showLabel ? LANG_LABELS[current] : null}
      </Button>
    </Dropdown>
  );
}
