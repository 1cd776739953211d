import { StrictMode } from 'react';
import { RouterProvider } from 'react-router';
import { setLoginFlow } from './login-flow';
import { createAppRoot } from './root';
import { createRouter } from './router';
import { beginSession } from './session';

/** Starts the application (router, page registry, session) on the page's root element. */
export function mountApp(element: HTMLElement): void {
  const router = createRouter();
  setLoginFlow({ begin: beginSession, go: (to, options) => void router.navigate(to, options) });
  createAppRoot(element).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
