import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createRouter } from './app/router';
import { pushError, watchUnhandledErrors } from './platform/error-log';
import { setUnauthorizedHandler } from './platform/http/client';
import { initI18n } from './platform/i18n';
import { clearSession } from './platform/session/storage';
import './styles/global.css';

// A 401: clear the token and session, then reload; the guard sends the user to the login page.
setUnauthorizedHandler(() => {
  clearSession();
  setTimeout(() => window.location.reload(), 1200);
});

async function start(): Promise<void> {
  await initI18n();
  const root = document.getElementById('root');
  if (!root) return;
  const router = createRouter();
  watchUnhandledErrors();
  createRoot(root, {
    onUncaughtError: (error, info) => pushError(error, info.componentStack ?? '', 'uncaught'),
    onCaughtError: (error, info) => pushError(error, info.componentStack ?? '', 'caught'),
  }).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

void start();
