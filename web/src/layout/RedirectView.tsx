import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { REDIRECT_PREFIX } from '../app/static-routes';
import { PageSpinner } from '../domains/shell/PageSpinner';

/** /redirect/:path* refreshes a tab: it replaces itself with the path, which builds the view anew. */
export function RedirectView() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const target = pathname.slice(REDIRECT_PREFIX.length) || '/';
    navigate(`${target}${search}${hash}`, { replace: true });
  }, [pathname, search, hash, navigate]);
  return <PageSpinner />;
}
