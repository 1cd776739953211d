import { newKeySecret } from '../../platform/auth/api-key.js';
import type { Principal } from '../../platform/auth/principal.js';
import { notFound } from '../../platform/http/errors.js';
import { type Lang, t } from '../../platform/i18n/index.js';
import { type DataScope, isDataScope, scopeRank, widestScopeOf } from '../../platform/resources/data-scope.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { fieldError } from './http.js';

export const NAME_MAX = 60;
/** A key lives at most this long (another system's credentials are renewed, not kept for ever). */
export const MAX_DAYS = 3660;

export interface KeyInput {
  name?: string;
  permissions?: string[];
  expiresAt?: string | null;
  dataScope?: string;
}

export interface KeyRow {
  id: number;
  name: string;
  hint: string;
  permissions: string[];
  dataScope: DataScope;
  expiresAt: string | null;
  createdBy: number;
  createdByName: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  state: 'active' | 'expired' | 'revoked';
}

const COLUMNS = `k.id::int as id, k.name, k.hint, k.permissions, k.data_scope as "dataScope", k.expires_at as "expiresAt", k.created_by::int as "createdBy",
  u.peoplename as "createdByName", k.created_at as "createdAt", k.last_used_at as "lastUsedAt", k.revoked_at as "revokedAt",
  case when k.revoked_at is not null then 'revoked' when k.expires_at <= now() then 'expired' else 'active' end as state`;

/** The tenant's keys, newest first, a page at a time; never a secret or its hash. */
export async function listKeys(tx: TenantTx, page: number, limit: number): Promise<{ rows: KeyRow[]; count: number }> {
  const r = await tx.query<KeyRow & { total: string }>(
    `select ${COLUMNS}, count(*) over () as total from api_keys k
       left join users u on u.tenant_id = k.tenant_id and u.id = k.created_by
      where k.tenant_id = $1 order by k.created_at desc, k.id desc limit $2 offset $3`,
    [tx.tenantId, limit, (page - 1) * limit],
  );
  const count = r.rows[0] ? Number(r.rows[0].total) : 0;
  return { rows: r.rows.map(({ total: _, ...row }) => row), count };
}

/**
 * Creates a key for another system: a name, codes the creator holds (never more), a data scope no wider than
 * the creator's (what the key's requests see is then also held to the creator's own scope), an optional expiry in the
 * future. Returns the row and its secret, which is shown this once and stored only as a hash.
 */
export async function createKey(
  tx: TenantTx,
  me: Principal,
  input: KeyInput,
  lang: Lang,
): Promise<{ key: KeyRow; secret: string }> {
  const name = (input.name ?? '').trim();
  if (!name) throw fieldError('name', 'integrations.apiKeys.nameRequired');
  if (name.length > NAME_MAX) throw fieldError('name', 'integrations.apiKeys.nameTooLong', { limit: NAME_MAX });
  const codes = [...new Set(input.permissions ?? [])];
  if (codes.length === 0) throw fieldError('permissions', 'integrations.apiKeys.permissionsRequired');
  const beyond = codes.filter((c) => !me.permissions.has(c));
  if (beyond.length)
    throw fieldError('permissions', 'integrations.apiKeys.moreThanYours', { codes: beyond.join(', ') });
  // Without a scope given, the key sees what its creator sees.
  const widest = await widestScopeOf(tx, me.userId);
  const scope = input.dataScope ?? widest;
  if (!isDataScope(scope)) throw fieldError('dataScope', 'integrations.apiKeys.scopeUnknown');
  if (scopeRank(scope) < scopeRank(widest))
    throw fieldError('dataScope', 'integrations.apiKeys.scopeWiderThanYours', {
      scope: t(lang, `integrations.apiKeys.scope.${scope}`),
      yours: t(lang, `integrations.apiKeys.scope.${widest}`),
    });
  let expires: Date | null = null;
  if (input.expiresAt) {
    expires = new Date(input.expiresAt);
    if (Number.isNaN(expires.getTime())) throw fieldError('expiresAt', 'integrations.apiKeys.expiryInvalid');
    if (expires.getTime() <= Date.now()) throw fieldError('expiresAt', 'integrations.apiKeys.expiryPast');
    if (expires.getTime() > Date.now() + MAX_DAYS * 86_400_000)
      throw fieldError('expiresAt', 'integrations.apiKeys.expiryTooFar', { days: MAX_DAYS });
  }
  const id = Number(
    (
      await tx.query<{ id: number }>(
        `insert into api_keys(tenant_id, name, secret_hash, hint, permissions, data_scope, expires_at, created_by)
         values ($1, $2, '', '', $3::text[], $4, $5, $6) returning id`,
        [tx.tenantId, name, codes, scope, expires, me.userId],
      )
    ).rows[0]!.id,
  );
  const made = newKeySecret(tx.tenantId, id);
  await tx.query('update api_keys set secret_hash = $3, hint = $4 where tenant_id = $1 and id = $2', [
    tx.tenantId,
    id,
    made.hash,
    made.hint,
  ]);
  return { key: await getKey(tx, id), secret: made.secret };
}

export async function getKey(tx: TenantTx, id: number): Promise<KeyRow> {
  const r = await tx.query<KeyRow>(
    `select ${COLUMNS} from api_keys k left join users u on u.tenant_id = k.tenant_id and u.id = k.created_by
      where k.tenant_id = $1 and k.id = $2`,
    [tx.tenantId, id],
  );
  if (!r.rows[0]) throw notFound();
  return r.rows[0];
}

/** Revokes a key: every later request with it is refused, on every server (the key is read per request). */
export async function revokeKey(tx: TenantTx, id: number, lang: Lang): Promise<KeyRow> {
  const r = await tx.query<{ revoked: boolean }>(
    'select revoked_at is not null as revoked from api_keys where tenant_id = $1 and id = $2 for update',
    [tx.tenantId, id],
  );
  if (!r.rows[0]) throw notFound();
  if (r.rows[0].revoked)
    throw fieldError('id', 'integrations.apiKeys.alreadyRevoked', {
      state: t(lang, 'integrations.apiKeys.state.revoked'),
    });
  await tx.query('update api_keys set revoked_at = now(), revoked_by = $3 where tenant_id = $1 and id = $2', [
    tx.tenantId,
    id,
    tx.userId,
  ]);
  return getKey(tx, id);
}

/** The widest data scope the caller may give a key (their own widest). */
export const grantableScope = (tx: TenantTx, me: Principal): Promise<DataScope> => widestScopeOf(tx, me.userId);

/** The codes the caller may give a key, with their page and button names in the caller's language. */
export async function grantableCodes(
  tx: TenantTx,
  me: Principal,
  lang: Lang,
): Promise<{ code: string; label: string }[]> {
  const r = await tx.query<{ ext4: string; key: string | null; menuname: string; name: string }>(
    `select distinct on (b.ext4) b.ext4, m.key, m.menuname, b.name from menu_buttons b join menus m on m.id = b.menu_id
      where b.ext4 = any($1::text[]) order by b.ext4, m.key`,
    [[...me.permissions]],
  );
  return r.rows.map((x) => {
    const action = x.ext4.split(':').at(-1) ?? '';
    const menu = x.key ? t(lang, `menu.${x.key}`) : x.menuname;
    const button = t(lang, `button.${action}`);
    return { code: x.ext4, label: `${menu} / ${button.startsWith('button.') ? x.name : button}` };
  });
}
