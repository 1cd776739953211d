import { buildUrl } from '../platform/http/client';
import { getToken } from '../platform/session/storage';

export const DOWNLOADS_QUERY_KEY = 'downloads';
export const DOWNLOADS_PAGE_SIZE = 10;

export interface DownloadRow {
  id: number;
  index?: number;
  ywlx: number | string;
  filename?: string;
  /** What an export names itself by (an entity's title), in the reader's language; null for spec 3.1's codes. */
  typeName?: string | null;
  filepath: string | null;
  createdate?: string;
  isnormal?: number | boolean | null;
  error?: string | null;
}

/** ywlx: 0 repair task, 1 maintenance task, 2 maintenance task detail, 3 spot-check task detail, else patrol (spec 3.1). */
export function ywlxKey(ywlx: number | string): string {
  switch (Number(ywlx)) {
    case 0:
      return 'downloads.types.repair';
    case 1:
      return 'downloads.types.maintenance';
    case 2:
      return 'downloads.types.maintenanceDetail';
    case 3:
      return 'downloads.types.spotCheckDetail';
    default:
      return 'downloads.types.patrolDetail';
  }
}

export const downloadHref = (id: number | string): string =>
  buildUrl(`/api-core/download/file/${id}`, { access_token: getToken() });
