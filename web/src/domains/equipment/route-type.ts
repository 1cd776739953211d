import { useViewRoute } from '../../app/route-context';

/** The :type of the page's path (/equipment/machine/1, /eqmold/eqcategory/2): 1 equipment, 2 mould. */
export function useRouteType(fallback: 1 | 2): 1 | 2 {
  const path = useViewRoute()?.path ?? (typeof window === 'undefined' ? '' : window.location.pathname);
  const last = Number(path.split('/').filter(Boolean).pop());
  return last === 1 || last === 2 ? last : fallback;
}

/** The equipment ledger's menu path: the record card opens from it. */
export const LEDGER_PATH = '/equipment/ledger/1';

/** The record card of a machine (also what its QR label opens). */
export const detailPath = (id: unknown) => `/equipment/ledger/detail/${id}`;
