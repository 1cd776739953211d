import { useTranslation } from 'react-i18next';

/**
 * A spinner without antd (the style is in index.html and global.css): used where the application is not loaded
 * yet (chunk loading at the top level, the session check after login), so the login page needs no antd at all.
 */
export function BootSpinner({ testId }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="boot-splash" data-testid={testId} role="status" aria-busy="true">
      <i />
      <span className="boot-splash__text">{t('common:loading')}</span>
    </div>
  );
}
