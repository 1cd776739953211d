import type { Database, Row } from '../../db/index.js';
import type { DataScope } from '../resources/data-scope.js';

/** Who is calling, as established from the access token and the database. Never from a header. */
export interface Principal {
  userId: number;
  tenantId: number;
  sessionId: string;
  isPlatform: boolean;
  isAdmin: boolean;
  mustChangePassword: boolean;
  permissions: ReadonlySet<string>;
  /** Set when the caller is another system with an API key (auth/api-key.ts), acting for the key's creator. */
  apiKeyId?: number;
  /** The key's data scope: the key's requests see what both it and its creator see (resources/data-scope.ts). */
  keyScope?: DataScope;
}

interface SessionRow {
  user_id: number;
  tenant_id: number;
  must_change_password: boolean;
  is_platform: boolean;
  perm_version: number;
}

/**
 * Permission sets per user, valid while the tenant's perm_version is unchanged: every write of a table they are
 * computed from bumps it in the writing transaction (triggers, migration 0014), so no caller has to.
 */
const cache = new Map<string, { isAdmin: boolean; permissions: ReadonlySet<string> }>();

export async function loadPermissions(
  db: { query: Database['query'] },
  tenantId: number,
  userId: number,
): Promise<{ isAdmin: boolean; permissions: Set<string> }> {
  const r = await db.query<{ ext4: string | null; is_admin: boolean }>(
    `with my_roles as (
       select r.id, r.is_admin from user_roles ur
       join roles r on r.tenant_id = ur.tenant_id and r.id = ur.role_id and r.state = 1
       where ur.tenant_id = $1 and ur.user_id = $2),
     admin as (select exists(select 1 from my_roles where is_admin) as is_admin)
     select b.ext4, (select is_admin from admin) as is_admin
       from menu_buttons b
       join company_menus cm on cm.tenant_id = $1 and cm.menu_id = b.menu_id
      where (select is_admin from admin)
         or exists (select 1 from role_buttons rb join my_roles m on m.id = rb.role_id
                     where rb.tenant_id = $1 and rb.button_id = b.id)
     union all select null, (select is_admin from admin)`,
    [tenantId, userId],
  );
  const permissions = new Set<string>();
  let isAdmin = false;
  for (const row of r.rows) {
    if (row.ext4) permissions.add(row.ext4);
    isAdmin = isAdmin || row.is_admin;
  }
  return { isAdmin, permissions };
}

/** A user's permission set at the company's perm_version, from the cache or read through q. */
export async function permissionsAt(
  q: { query: Database['query'] },
  tenantId: number,
  userId: number,
  permVersion: number,
): Promise<{ isAdmin: boolean; permissions: ReadonlySet<string> }> {
  const key = `${tenantId}:${userId}:${permVersion}`;
  let perms = cache.get(key);
  if (!perms) {
    perms = await loadPermissions(q, tenantId, userId);
    if (cache.size > 10_000) cache.clear();
    cache.set(key, perms);
  }
  return perms;
}

/** The live session, its user and company (migration 0013): no row when any of them has ended. */
const sessionSql = (sessionParam: string) => `select * from eam_session(${sessionParam})`;

const SESSION_BY_PARAM = sessionSql('$1::uuid');
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The last principal confirmed for each session, per database: what a read request starts from. */
const confirmed = new WeakMap<object, Map<string, Principal>>();

function confirmedOf(db: object): Map<string, Principal> {
  let m = confirmed.get(db);
  if (!m) {
    m = new Map();
    confirmed.set(db, m);
  }
  return m;
}

/**
 * The principal a session's row stands for, or null when there is no live row or it belongs to someone else.
 * Permissions come from the cache unless the tenant's perm_version moved on; they are then read through q.
 */
export async function principalFromRow(
  db: Database,
  q: { query: Database['query'] },
  row: Row | undefined,
  sessionId: string,
  userId: number,
  tenantId: number,
): Promise<Principal | null> {
  const session = row as SessionRow | undefined;
  if (!session || Number(session.user_id) !== userId || Number(session.tenant_id) !== tenantId) {
    confirmedOf(db).delete(sessionId);
    return null;
  }
  const perms = await permissionsAt(q, tenantId, userId, session.perm_version);
  const principal: Principal = {
    userId,
    tenantId,
    sessionId,
    isPlatform: session.is_platform,
    isAdmin: perms.isAdmin,
    mustChangePassword: session.must_change_password,
    permissions: perms.permissions,
  };
  const remembered = confirmedOf(db);
  if (remembered.size > 10_000) remembered.clear();
  remembered.set(sessionId, principal);
  return principal;
}

/**
 * Resolves a verified token's session to a principal: the session must be live, the user enabled and
 * not deleted, and the company enabled. One query (system context: before the tenant is known); a read
 * sends the same look-up with the BEGIN of its tenant transaction instead (auth/plugin.ts).
 */
export async function loadPrincipal(
  db: Database,
  sessionId: string,
  userId: number,
  tenantId: number,
): Promise<Principal | null> {
  const r = await db.query(SESSION_BY_PARAM, [sessionId]);
  return principalFromRow(db, db, r.rows[0], sessionId, userId, tenantId);
}

/**
 * The principal last confirmed for this session, to start a read request with before the session is checked
 * again (inside the request's own transaction, see sessionCheckSql); null when there is none to start from.
 */
export function rememberedPrincipal(
  db: Database,
  sessionId: string,
  userId: number,
  tenantId: number,
): Principal | null {
  const p = confirmedOf(db).get(sessionId);
  return p && p.userId === userId && p.tenantId === tenantId ? p : null;
}

/** The session look-up as a statement without parameters (it rides in the round trip of BEGIN); null for an odd id. */
export function sessionCheckSql(sessionId: string): string | null {
  return SESSION_ID.test(sessionId) ? sessionSql(`'${sessionId}'::uuid`) : null;
}
