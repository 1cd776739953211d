import { useEffect, useState } from 'react';
import { getBaseUrl } from '../../platform/http/client';

export interface ChosenPictures {
  /** The login page's background, or null for the build's own. */
  login: string | null;
  /** The picture behind the dashboard's greeting, or null for the plain colour band. */
  banner: string | null;
}

const PICTURE_PATH = '/api-file/files/sysPicture/';

/**
 * The pictures the operator chose (/operatesys/picture). A plain fetch: the pages work the same when the call
 * fails, and nobody is told.
 */
export function useChosenPictures(): ChosenPictures {
  const [chosen, setChosen] = useState<ChosenPictures>({ login: null, banner: null });
  useEffect(() => {
    const abort = new AbortController();
    const urlOf = (v: unknown) => (typeof v === 'string' && v.startsWith(PICTURE_PATH) ? `${getBaseUrl()}${v}` : null);
    fetch(`${getBaseUrl()}/api-user/opsys/getChosenPictures`, { signal: abort.signal })
      .then((r) => (r.ok ? r.json() : null))
      .then((body: { data?: { login?: unknown; banner?: unknown } } | null) =>
        setChosen({ login: urlOf(body?.data?.login), banner: urlOf(body?.data?.banner) }),
      )
      .catch(() => undefined);
    return () => abort.abort();
  }, []);
  return chosen;
}

export const useChosenLoginBackground = (): string | null => useChosenPictures().login;
