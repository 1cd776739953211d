import type { FormInstance } from 'antd';
import { type Envelope, HttpError, http } from '../../platform/http/client';

export interface Paged<T> {
  rows: T[];
  total: number;
}

async function paged<T>(path: string, params: Record<string, string | number>): Promise<Paged<T>> {
  const r = await http.get<Envelope<T[]>>(path, params);
  return { rows: r.data ?? [], total: r.count ?? 0 };
}

/** Widest first, as the server ranks them (resources/data-scope.ts). */
export const DATA_SCOPES = ['all', 'organization', 'workshop', 'workgroup', 'own'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];

export interface ApiKey {
  id: number;
  name: string;
  hint: string;
  permissions: string[];
  dataScope: DataScope;
  expiresAt: string | null;
  createdByName: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  state: 'active' | 'expired' | 'revoked';
}

export const keyPage = (q: { page: number; limit: number }) => paged<ApiKey>('/api-integration/apiKeys/page', q);
export const grantableCodes = async () =>
  (await http.get<Envelope<{ code: string; label: string }[]>>('/api-integration/apiKeys/grantable')).data;
export const grantableScope = async () =>
  (await http.get<Envelope<DataScope>>('/api-integration/apiKeys/grantableScope')).data;
export const createKey = async (body: {
  name: string;
  permissions: string[];
  dataScope: DataScope;
  expiresAt: string | null;
}) => (await http.post<Envelope<{ key: ApiKey; secret: string }>>('/api-integration/apiKeys/save', body)).data;
export const revokeKey = (id: number) => http.post<Envelope<ApiKey>>('/api-integration/apiKeys/revoke', { id });

export interface Subscription {
  id: number;
  name: string;
  url: string;
  events: string[];
  state: number;
  failures: number;
  disabledAt: string | null;
  lastStatus: string | null;
  lastAt: string | null;
}

export interface Delivery {
  id: number;
  event: string;
  status: 'queued' | 'retrying' | 'sent' | 'failed';
  attempts: number;
  statusCode: number | null;
  responseMs: number | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
  nextAt: string | null;
}

export interface SubscriptionInput {
  name: string;
  url: string;
  events: string[];
}

export const hookPage = (q: { page: number; limit: number }) =>
  paged<Subscription>('/api-integration/webhooks/page', q);
export const hookEvents = async () =>
  (await http.get<Envelope<{ event: string; label: string }[]>>('/api-integration/webhooks/events')).data;
export const createHook = async (body: SubscriptionInput) =>
  (await http.post<Envelope<{ subscription: Subscription; secret: string }>>('/api-integration/webhooks/save', body))
    .data;
export const updateHook = (id: number, body: SubscriptionInput) =>
  http.post<Envelope<Subscription>>('/api-integration/webhooks/update', { id, ...body });
export const switchHook = (id: number, on: boolean) =>
  http.post<Envelope<Subscription>>('/api-integration/webhooks/switch', { id, state: on ? 1 : 0 });
export const deleteHook = (id: number) => http.post('/api-integration/webhooks/del', { id });
export const testHook = (id: number) => http.post('/api-integration/webhooks/test', { id });
export const deliveryPage = (q: { subscriptionId: number; page: number; limit: number }) =>
  paged<Delivery>('/api-integration/webhooks/deliveries', q);

export interface EmailPreferences {
  kinds: string[];
  lang: 'zh' | 'en' | 'tw';
  email: string | null;
  choices: { kind: string; label: string }[];
}

export const myEmailPreferences = async () =>
  (await http.get<Envelope<EmailPreferences>>('/api-integration/emailNotices/mine')).data;
export const saveEmailPreferences = async (body: { kinds: string[]; lang: string }) =>
  (await http.post<Envelope<EmailPreferences>>('/api-integration/emailNotices/save', body)).data;

/** Puts a refused save's message beside the field the server named (it has been shown as a toast too). */
export function showFieldError(form: FormInstance, err: unknown, fields: readonly string[]): void {
  if (!(err instanceof HttpError)) return;
  const body = err.body as { field?: string; msg?: string } | null;
  if (body?.field && fields.includes(body.field)) form.setFields([{ name: body.field, errors: [body.msg ?? ''] }]);
}
