import type { Database } from '../../db/index.js';

/** Who is calling, as established from the access token and the database. Never from a header. */
export interface Principal {
  userId: number;
  tenantId: number;
  sessionId: string;
  isPlatform: boolean;
  isAdmin: boolean;
  mustChangePassword: boolean;
  permissions: ReadonlySet<string>;
}

interface SessionRow {
  user_id: number;
  tenant_id: number;
  must_change_password: boolean;
  is_platform: boolean;
  perm_version: number;
}

/** Permission sets per user, valid while the tenant's perm_version is unchanged (any role or menu change bumps it). */
const cache = new Map<string, { isAdmin: boolean; permissions: ReadonlySet<string> }>();

export async function loadPermissions(
  db: Database,
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

/**
 * Resolves a verified token's session to a principal: the session must be live, the user enabled and
 * not deleted, and the company enabled. One query per request (system context: before the tenant is known).
 */
export async function loadPrincipal(
  db: Database,
  sessionId: string,
  userId: number,
  tenantId: number,
): Promise<Principal | null> {
  const r = await db.query<SessionRow>(
    `select s.user_id, s.tenant_id, u.must_change_password, c.is_platform, c.perm_version
       from sessions s
       join users u on u.tenant_id = s.tenant_id and u.id = s.user_id
       join companies c on c.id = s.tenant_id
      where s.id = $1 and s.revoked_at is null and s.expires_at > now()
        and u.state = 1 and not u.deleted and c.state = 1`,
    [sessionId],
  );
  const row = r.rows[0];
  if (!row || row.user_id !== userId || row.tenant_id !== tenantId) return null;
  const key = `${tenantId}:${userId}:${row.perm_version}`;
  let perms = cache.get(key);
  if (!perms) {
    perms = await loadPermissions(db, tenantId, userId);
    if (cache.size > 10_000) cache.clear();
    cache.set(key, perms);
  }
  return {
    userId,
    tenantId,
    sessionId,
    isPlatform: row.is_platform,
    isAdmin: perms.isAdmin,
    mustChangePassword: row.must_change_password,
    permissions: perms.permissions,
  };
}

/** Call after any change to roles, role assignments or company menus of a tenant. */
export async function bumpPermissions(db: { query: Database['query'] }, tenantId: number): Promise<void> {
  await db.query('update companies set perm_version = perm_version + 1 where id = $1', [tenantId]);
}
