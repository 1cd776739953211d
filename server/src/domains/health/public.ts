import { randomBytes } from 'node:crypto';
import { AppError, notFound } from '../../platform/http/errors.js';
import type { Lang } from '../../platform/i18n/index.js';
import { readContext } from '../../platform/resources/read.js';
import { createRow, updateRow } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { healthSurveyEntity } from './resources.js';
import { departmentOf, tenantToday } from './rules.js';

/**
 * Failed attempts one address may make in an hour (a job number and name that do not match, bad input after the
 * link was checked), and registrations one person may send a day. A registration that succeeds does not count
 * against its address: a factory's phones often share one address.
 */
export const ATTEMPTS_PER_ADDRESS = 30;
export const SENDS_PER_PERSON = 10;

/** A link token names its tenant (so the page works in that tenant's own transaction) and a random part. */
export function parseHealthToken(token: unknown): { tenantId: number; token: string } | null {
  if (typeof token !== 'string') return null;
  const m = /^([1-9]\d{0,15})-([A-Za-z0-9_-]{20,64})$/.exec(token);
  return m ? { tenantId: Number(m[1]), token } : null;
}

/** The tenant's live registration link (its QR poster), made when it has none. */
export async function healthLink(tx: TenantTx): Promise<{ token: string; url: string; createdAt: string }> {
  await tx.query("select pg_advisory_xact_lock(hashtext('health_links'), $1::int)", [tx.tenantId]);
  const live = await tx.query<{ token: string; created_at: Date }>(
    'select token, created_at from health_links where tenant_id = $1 and revoked_at is null',
    [tx.tenantId],
  );
  let row = live.rows[0];
  if (!row) {
    const token = `${tx.tenantId}-${randomBytes(18).toString('base64url')}`;
    row = await tx.insert<{ token: string; created_at: Date }>(
      'health_links',
      { token, created_by: tx.userId },
      'token, created_at',
    );
  }
  return { token: row.token, url: `/survey/${row.token}`, createdAt: new Date(row.created_at).toISOString() };
}

/** Revokes the live link: the posters stop working; a new link can be made. */
export async function revokeHealthLink(tx: TenantTx): Promise<number> {
  const r = await tx.query('update health_links set revoked_at = now() where tenant_id = $1 and revoked_at is null', [
    tx.tenantId,
  ]);
  return r.rowCount;
}

async function assertLive(tx: TenantTx, token: string): Promise<void> {
  const r = await tx.query('select 1 from health_links where tenant_id = $1 and token = $2 and revoked_at is null', [
    tx.tenantId,
    token,
  ]);
  if (!r.rows[0]) throw new AppError('notFound', 'health.errors.linkUnknown');
}

/** What the public page shows: the company's name and its today, nothing else. */
export async function publicHealthView(tx: TenantTx, token: string) {
  await assertLive(tx, token);
  const c = await tx.query<{ name: string }>('select name from companies where id = $1', [tx.tenantId]);
  return { companyName: c.rows[0]?.name ?? '', today: await tenantToday(tx) };
}

/**
 * Counts an attempt from an address (429 past the limit). Runs in a transaction of its own that commits even
 * when the registration then fails, so guessing names costs attempts too.
 */
export async function countAttempt(tx: TenantTx, token: string, address: string): Promise<number> {
  await assertLive(tx, token);
  await tx.query("select pg_advisory_xact_lock(hashtext('health_hits'), $1::int)", [tx.tenantId]);
  const r = await tx.query<{ n: string }>(
    `select count(*) as n from health_hits
      where tenant_id = $1 and address = $2 and user_id is null and created_at > now() - interval '1 hour'`,
    [tx.tenantId, address],
  );
  if (Number(r.rows[0]!.n) >= ATTEMPTS_PER_ADDRESS) throw new AppError('tooMany', 'health.errors.tooManyAttempts');
  return Number((await tx.insert<{ id: string }>('health_hits', { address }, 'id')).id);
}

export interface PublicSurvey {
  number: string;
  name: string;
  temperature: number | string;
  personalHealth: string;
  familyHealth: string;
  contact: boolean;
  location?: string;
  remark?: string;
}

/** The person behind a job number (or login name) and name, among the tenant's active staff. */
async function personOf(tx: TenantTx, number: string, name: string): Promise<number> {
  const r = await tx.query<{ id: string }>(
    `select id from users
      where tenant_id = $1 and not deleted and state = 1 and peoplename = $3
        and (number = $2 or lower(username) = lower($2))
      order by id limit 1`,
    [tx.tenantId, number.trim(), name.trim()],
  );
  const id = r.rows[0]?.id;
  if (id == null) throw new AppError('invalid', 'health.errors.personUnknown', { field: 'number' }, 'number');
  return Number(id);
}

/**
 * A registration from the public page: the person named by number and name registers today (the tenant's
 * day); a second registration of the day updates the first. Limited per person and day.
 */
export async function publicRegister(
  tx: TenantTx,
  token: string,
  body: PublicSurvey,
  address: string,
  attempt: number,
  lang: Lang,
) {
  await assertLive(tx, token);
  const userId = await personOf(tx, body.number, body.name);
  await tx.query("select pg_advisory_xact_lock(hashtext('health_surveys'), $1::int)", [userId]);
  const sent = await tx.query<{ n: string }>(
    `select count(*) as n from health_hits
      where tenant_id = $1 and user_id = $2 and created_at > now() - interval '1 day'`,
    [tx.tenantId, userId],
  );
  if (Number(sent.rows[0]!.n) >= SENDS_PER_PERSON) throw new AppError('tooMany', 'health.errors.tooManySends');
  await tx.insert('health_hits', { address, user_id: userId }, 'id');
  await tx.query('delete from health_hits where tenant_id = $1 and id = $2', [tx.tenantId, attempt]);

  const today = await tenantToday(tx);
  const ctx = await readContext(tx, healthSurveyEntity, lang);
  const values = {
    temperature: body.temperature,
    personalHealth: body.personalHealth,
    familyHealth: body.familyHealth,
    contact: body.contact,
    location: body.location?.trim() || null,
    remark: body.remark?.trim() || null,
    organizationId: await departmentOf(tx, userId),
    registeredAt: new Date().toISOString(),
    source: 'link',
  };
  const prior = await tx.query<{ id: string }>(
    'select id from health_surveys where tenant_id = $1 and user_id = $2 and survey_date = $3::date',
    [tx.tenantId, userId, today],
  );
  const id = prior.rows[0]?.id;
  const row = id
    ? await updateRow(tx, ctx, Number(id), values, { system: true })
    : await createRow(tx, ctx, { ...values, userId, surveyDate: today }, { system: true });
  if (!row) throw notFound();
  return { surveyDate: today, updated: !!id, flagged: row.flagged === true };
}
