import { type Envelope, http } from '../../platform/http/client';

export const QR_PERMISSIONS = ['maintain:qualification:print', 'maintain:qualification:edit'];
/** The page of the machine categories each person may maintain (check's maintainqualification). */
export const CATEGORY_VIEW = 'maintain:plan:view';

/** The certificate's verification link (made when it has none); `url` is the page path. */
export const fetchCertificateLink = async (id: number) =>
  (await http.post<Envelope<{ token: string; url: string }>>('/api-manage/maintaincertificate/qr', { id })).data;

export interface PublicCertificate {
  name: string;
  kind: string;
  level: string | null;
  certificateNo: string;
  issuedOn: string;
  validUntil: string | null;
  status: 'valid' | 'expired' | 'revoked';
  statusName: string;
}

export const fetchPublicCertificate = async (token: string) =>
  (await http.get<Envelope<PublicCertificate>>(`/api-anon/qualification/${encodeURIComponent(token)}`)).data;
