import { businessError, invalid } from '../../platform/http/errors.js';
import type { Lang } from '../../platform/i18n/index.js';
import { readContext } from '../../platform/resources/read.js';
import { defineEntity } from '../../platform/resources/registry.js';
import type { WireRow } from '../../platform/resources/types.js';
import { createRow, updateRow } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { P } from './permissions.js';

/**
 * MES message-notify registrations (spec 3.1 session flag isMes, 7.1 "Message-notify registration with tenantID and
 * account, made only when isMes is set"): an account of an MES company (companies.is_mes, set by the operator)
 * that has registered after login hears of every production order's step (release, start, finish, close, cancel)
 * in its messages and open tabs, besides the order's message type members. One row per person; registering again
 * renews it. Registrations of a company that is no longer MES are kept and not used.
 */
export const mesNotifyEntity = defineEntity({
  name: 'mesnotify',
  table: 'mes_notify_registrations',
  ns: 'production',
  prefix: '/api-mes/notify',
  actions: ['page', 'get'],
  permissions: {
    view: P.orderView,
    add: P.orderAdd,
    edit: P.orderAdd,
    delete: P.orderAdd,
    import: P.orderAdd,
    export: P.orderView,
  },
  nameField: 'account',
  customFields: false,
  defaultSort: { field: 'registeredAt', dir: 'desc' },
  fields: [
    { name: 'userId', type: 'ref', ref: 'user', required: true, unique: true, filter: 'eq', blocksDelete: false },
    { name: 'account', type: 'string', required: true, maxLength: 100, filter: 'like', sortable: true },
    { name: 'registeredAt', type: 'datetime', required: true, defaultNow: true, filter: 'range', sortable: true },
  ],
});

export interface NotifyRegistration {
  tenantID: number | string;
  account: string;
}

/**
 * Registers the caller for MES messages. Identity comes from the token: the tenantID and account sent must be the
 * caller's own (a refusal names the field), and the company must be an MES company.
 */
export async function registerMesNotify(tx: TenantTx, lang: Lang, body: NotifyRegistration): Promise<WireRow> {
  const me = await tx.query<{ username: string; is_mes: boolean }>(
    `select u.username, c.is_mes from users u join companies c on c.id = u.tenant_id
      where u.tenant_id = $1 and u.id = $2`,
    [tx.tenantId, tx.userId],
  );
  const username = me.rows[0]?.username ?? '';
  if (String(body.tenantID).trim() !== String(tx.tenantId)) throw invalid('tenantID', 'production.mes.wrongTenant');
  if (body.account.trim().toLowerCase() !== username.toLowerCase())
    throw invalid('account', 'production.mes.wrongAccount');
  if (!me.rows[0]?.is_mes) throw businessError('production.mes.notMes');
  const ctx = await readContext(tx, mesNotifyEntity, lang);
  const known = await tx.query<{ id: number }>(
    'select id from mes_notify_registrations where tenant_id = $1 and user_id = $2 for update',
    [tx.tenantId, tx.userId],
  );
  const values = { userId: tx.userId, account: username, registeredAt: new Date().toISOString() };
  const row = known.rows[0]
    ? await updateRow(tx, ctx, known.rows[0].id, values, { system: true })
    : await createRow(tx, ctx, values, { system: true });
  return { id: row.id, userId: row.userId, account: row.account, registeredAt: row.registeredAt };
}

/** The registered accounts of the company, while it is an MES company (active people only). */
export async function mesAccounts(tx: TenantTx): Promise<number[]> {
  const r = await tx.query<{ user_id: number }>(
    `select r.user_id from mes_notify_registrations r
       join companies c on c.id = r.tenant_id and c.is_mes
       join users u on u.tenant_id = r.tenant_id and u.id = r.user_id and not u.deleted and u.state = 1
      where r.tenant_id = $1`,
    [tx.tenantId],
  );
  return r.rows.map((x) => Number(x.user_id));
}
