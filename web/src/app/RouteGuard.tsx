import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { BootSpinner } from '../domains/shell/BootSpinner';
import { getToken } from '../platform/session/storage';
import { toast } from '../platform/ui/feedback';
import { alreadyReported, bootstrapSession, resetSession, useSession } from './session';
import { isPublicPath, LOGIN_PATH } from './static-routes';
import { useDocumentTitle } from './useDocumentTitle';

/** Only same-site paths are followed after login. */
export function safeRedirect(value: string | null | undefined): string {
  const ok = value?.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
  return ok && value ? value : '/';
}

export const loginPathFor = (fullPath: string): string => `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}`;

/**
 * The access rules (spec 2.1) and the session flow (spec 4): without a token only public paths render and any
 * other path goes to /login?redirect=<wanted path>; a token without roles loads user info and routes first;
 * a failure clears the session, shows the error and goes to /.
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
    bootstrapSession().catch((err: unknown) => {
      resetSession();
      if (!alreadyReported(err)) toast('error', err instanceof Error ? err.message : String(err));
      navigate('/', { replace: true });
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
  return (
    <div className="boot-screen" data-testid="boot-screen">
      <BootSpinner />
    </div>
  );
}
