import { type Envelope, http } from '../../platform/http/client';

export const REPORT_LINK_PERMISSION = 'equipment:ledger:edit';

/** The machine's public breakdown report link (made when it has none); `url` is the page path. */
export const fetchReportLink = async (id: number) =>
  (await http.post<Envelope<{ token: string; url: string }>>('/api-manage/equipment/reportLink', { id })).data;

export const revokeReportLink = async (id: number) =>
  (await http.post<Envelope<{ revoked: number }>>('/api-manage/equipment/reportLink/revoke', { id })).msg ?? '';

export const absolute = (path: string) => `${window.location.origin}${path}`;
