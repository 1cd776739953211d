import { type Envelope, http } from '../../platform/http/client';
import { isLang, type Lang } from '../../platform/preferences';
import { getCookie } from '../../platform/session/cookies';

export interface PublicView {
  equipment: { code: string; name: string; workshopName: string | null; lineName: string | null };
  openOrders: { code: string; phenomenon: string; stateName: string; reportedAt: string }[];
}

export interface PublicReport {
  phenomenon: string;
  stopped: boolean;
  urgency: 'urgent' | 'high' | 'normal';
  reporterName?: string;
  pictures: { id: number }[];
}

const base = (token: string) => `/api-anon/repair/${encodeURIComponent(token)}`;

export const fetchPublicView = async (token: string) => (await http.get<Envelope<PublicView>>(base(token))).data;

export async function uploadPublicPhoto(token: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  return (await http.post<Envelope<{ id: number; name: string }>>(`${base(token)}/photo`, form)).data;
}

export const sendPublicReport = async (token: string, body: PublicReport) =>
  (await http.post<Envelope<{ code: string }>>(base(token), body)).data;

/** The visitor's language when they never chose one: the browser's (Chinese traditional for TW/HK/MO). */
export function browserLang(): Lang | null {
  if (isLang(getCookie('language'))) return null;
  const tag = (navigator.language || '').toLowerCase();
  if (/^zh-(tw|hk|mo|hant)/.test(tag)) return 'tw';
  if (tag.startsWith('zh')) return 'zh';
  return 'en';
}
