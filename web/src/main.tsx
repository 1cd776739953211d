import { mountLogin } from './app/login-entry';
import { LOGIN_PATH } from './app/static-routes';
import { watchUnhandledErrors } from './platform/error-log';
import { initI18n } from './platform/i18n';
import './styles/global.css';

/** The application (router, pages, session) loads on its own: /login does not need it. */
const startApp = async (element: HTMLElement): Promise<void> => {
  const { mountApp } = await import('./app/app-entry');
  mountApp(element);
};

async function start(): Promise<void> {
  await initI18n();
  const root = document.getElementById('root');
  if (!root) return;
  watchUnhandledErrors();
  if (window.location.pathname === LOGIN_PATH) mountLogin(root, startApp);
  else await startApp(root);
}

void start();
