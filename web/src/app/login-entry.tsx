import { StrictMode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import LoginPage from '../domains/shell/LoginPage';
import { buildTitleKey } from './app-title';
import { setLoginFlow } from './login-flow';
import { createAppRoot } from './root';

/** The browser title of /login, as the application's guard sets it for every standalone page. */
function TitledLogin() {
  const { t } = useTranslation();
  const title = `${t('routes:login')} - ${t(buildTitleKey())}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return <LoginPage />;
}

/**
 * /login on its own: plain React and the translations, no router, page registry or component library, so the
 * first page a person sees loads little. Going on (after the login, or to register) starts the application
 * at that path in place, without reloading the page.
 */
export function mountLogin(element: HTMLElement, startApp: (element: HTMLElement) => Promise<void>): void {
  const root = createAppRoot(element);
  setLoginFlow({
    go: (to) => {
      root.unmount();
      window.history.replaceState(null, '', to);
      void startApp(element);
    },
  });
  root.render(
    <StrictMode>
      <TitledLogin />
    </StrictMode>,
  );
}
