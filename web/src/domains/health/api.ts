import { type Envelope, http } from '../../platform/http/client';

export const LINK_PERMISSION = 'healthSurvey:index:link';
export const HEALTH_STATES = ['healthy', 'symptoms', 'isolated'] as const;
export type HealthState = (typeof HEALTH_STATES)[number];

/** The tenant's public registration link (made when it has none); `url` is the page path. */
export const fetchHealthLink = async () =>
  (await http.post<Envelope<{ token: string; url: string; createdAt: string }>>('/api-manage/eqhealthsurvey/link'))
    .data;

export const revokeHealthLink = async () =>
  (await http.post<Envelope<{ revoked: number }>>('/api-manage/eqhealthsurvey/link/revoke')).msg ?? '';

export interface MissingPerson {
  userId: number;
  peoplename: string;
  number: string;
  organizationId: number | null;
  organizationName: string | null;
  mobile: string | null;
}

export async function fetchMissing(q: { date?: string; organizationId?: number; page: number; limit: number }) {
  const r = await http.get<Envelope<MissingPerson[]> & { date: string }>('/api-manage/eqhealthsurvey/missing', q);
  return { rows: r.data, count: r.count ?? 0, date: r.date };
}

export interface StatRow {
  day: string;
  organizationId: number | null;
  organizationName: string | null;
  staff: number;
  registered: number;
  missing: number;
  fever: number;
  contact: number;
  flagged: number;
}

export const fetchStatistics = async (q: { from: string; to: string; organizationId?: number }) =>
  (
    await http.get<Envelope<{ from: string; to: string; today: string; rows: StatRow[] }>>(
      '/api-manage/eqhealthsurvey/statistics',
      q,
    )
  ).data;

export interface PublicSurvey {
  number: string;
  name: string;
  temperature: number;
  personalHealth: HealthState;
  familyHealth: HealthState;
  contact: boolean;
  location?: string;
}

export const fetchPublicHealth = async (token: string) =>
  (await http.get<Envelope<{ companyName: string; today: string }>>(`/api-anon/health/${encodeURIComponent(token)}`))
    .data;

export async function sendPublicSurvey(token: string, body: PublicSurvey) {
  const r = await http.post<Envelope<{ surveyDate: string; updated: boolean; flagged: boolean }>>(
    '/health/addOrUpdateEqhealthSurvey',
    { token, ...body },
  );
  return { ...r.data, msg: r.msg ?? '' };
}

/** Day totals over the departments, for the chart. */
export function dayTotals(rows: readonly StatRow[]) {
  const days = new Map<string, { registered: number; missing: number; fever: number; contact: number }>();
  for (const r of rows) {
    const d = days.get(r.day) ?? { registered: 0, missing: 0, fever: 0, contact: 0 };
    d.registered += r.registered;
    d.missing += r.missing;
    d.fever += r.fever;
    d.contact += r.contact;
    days.set(r.day, d);
  }
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, v]) => ({ day, ...v }));
}
