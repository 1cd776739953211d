import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { BootSpinner } from '../domains/shell/BootSpinner';
import { getToken } from '../platform/session/storage';
import { resetSession, retrySession, startSession, useSession } from './session';
import { isPublicPath, LOGIN_PATH } from './static-routes';
import { useDocumentTitle } from './useDocumentTitle';

export { safeRedirect } from './login-flow';

export const loginPathFor = (fullPath: string): string => `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}`;

/**
 * The access rules (spec 2.1) and the session flow (spec 4): without a token only public paths render and any
 * other path goes to /login?redirect=<wanted path>; a token without roles loads user info and routes first;
 * a failure the server answered clears the session, shows the error and goes to /; a start that got no answer
 * (a reload aborted it, the network is down) keeps the session and offers to try again.
 */
export function RouteGuard() {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const token = getToken();
  const onLogin = location.pathname === LOGIN_PATH;
  useDocumentTitle();

  // Scrolling resets to the top on navigation (spec 2.1).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of path
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  const needsBootstrap = Boolean(token) && !onLogin && session.status === 'idle';
  useEffect(() => {
    if (!needsBootstrap) return;
    void startSession().then((outcome) => {
      if (outcome === 'ended') navigate('/', { replace: true });
    });
  }, [needsBootstrap, navigate]);

  useEffect(() => {
    if (!token && session.status !== 'idle') resetSession();
  }, [token, session.status]);

  if (!token) {
    if (isPublicPath(location.pathname)) return <Outlet />;
    return <Navigate to={loginPathFor(location.pathname + location.search + location.hash)} replace />;
  }
  if (onLogin || session.status === 'ready') return <Outlet />;
  if (session.status === 'unreachable') return <SessionUnreachable />;
  return (
    <div className="boot-screen" data-testid="boot-screen">
      <BootSpinner />
    </div>
  );
}

/** The session start got no answer: the session is kept, and the user starts it again. */
function SessionUnreachable() {
  const { t } = useTranslation('errors');
  return (
    <div className="boot-screen" data-testid="session-unreachable" role="alert">
      <div className="boot-splash">
        <span className="boot-splash__text">{t('sessionUnreachable')}</span>
        <button type="button" className="boot-splash__retry" onClick={retrySession} data-testid="session-retry">
          {t('sessionRetry')}
        </button>
      </div>
    </div>
  );
}
