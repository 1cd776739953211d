import type { Principal } from '../../platform/auth/principal.js';
import { businessError, notFound } from '../../platform/http/errors.js';
import { blank, fieldError, pgViolation, Where } from '../../platform/http/route-kit.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';

/** The member fields of spec 3.1 as the wire names them. */
export interface UserFields {
  peoplename?: string;
  number?: string | null;
  organizationid?: number;
  mobile?: string | null;
  username?: string;
  usertype?: number;
  roleIds?: number[];
  label?: string | null;
  is_repairman?: boolean;
  is_repair_leader?: boolean;
  email?: string | null;
  sex?: number | null;
  pinyin?: string | null;
  entry_date?: string | null;
  birthday?: string | null;
  landline?: string | null;
  note?: string | null;
  state?: number;
}

export interface UserFilter {
  page: number;
  limit: number;
  peoplename?: string;
  username?: string;
  number?: string;
  mobile?: string;
  organizationid?: number;
  state?: number;
  roleId?: number;
  is_repairman?: boolean;
}

export const USER_COLUMNS = `u.id, u.peoplename, u.number, u.organization_id as organizationid,
  o.organization_name as "organizationName", u.mobile, u.username, u.usertype, u.label, u.is_repairman,
  u.is_repair_leader, u.email, u.sex, u.pinyin, to_char(u.entry_date, 'YYYY-MM-DD') as entry_date,
  to_char(u.birthday, 'YYYY-MM-DD') as birthday, u.landline, u.note, u.state,
  u.must_change_password as "mustChangePassword", u.created_at as "createdAt", u.updated_at as "updatedAt",
  coalesce((select json_agg(ur.role_id order by ur.role_id) from user_roles ur
             where ur.tenant_id = u.tenant_id and ur.user_id = u.id), '[]') as "roleIds",
  coalesce((select string_agg(r.name, ',' order by r.id) from user_roles ur
             join roles r on r.tenant_id = ur.tenant_id and r.id = ur.role_id
             where ur.tenant_id = u.tenant_id and ur.user_id = u.id), '') as "roleNames"`;
const FROM = `users u left join organizations o on o.tenant_id = u.tenant_id and o.id = u.organization_id`;

/** Ids of an organisation and all organisations below it, as a CTE named `sub` over parameter `param`. */
export const subtreeCte = (param: string) => `with recursive sub(id) as (
    select id from organizations where tenant_id = $1 and id = ${param}
    union select o.id from organizations o join sub on o.parent_id = sub.id where o.tenant_id = $1)`;

/** The tenant's members, filtered and paged in SQL. */
export async function listUsers(tx: TenantTx, f: UserFilter): Promise<{ rows: object[]; count: number }> {
  const w = new Where([tx.tenantId]).add('u.tenant_id = $1').add('not u.deleted');
  w.ilike('u.peoplename', f.peoplename).ilike('u.username', f.username);
  w.ilike('u.number', f.number).ilike('u.mobile', f.mobile);
  let cte = '';
  if (f.organizationid) {
    w.params.push(f.organizationid);
    cte = subtreeCte(`$${w.params.length}`);
    w.add('u.organization_id in (select id from sub)');
  }
  if (f.state !== undefined) w.add('u.state = ?', f.state);
  if (f.is_repairman !== undefined) w.add('u.is_repairman = ?', f.is_repairman);
  if (f.roleId)
    w.add(
      'exists (select 1 from user_roles x where x.tenant_id = u.tenant_id and x.user_id = u.id and x.role_id = ?)',
      f.roleId,
    );
  const rows = await tx.query(
    `${cte} select ${USER_COLUMNS} from ${FROM} where ${w.sql} order by u.id limit ${w.next()} offset ${w.next(2)}`,
    [...w.params, f.limit, (f.page - 1) * f.limit],
  );
  const n = await tx.query<{ n: number }>(`${cte} select count(*) as n from users u where ${w.sql}`, w.params);
  return { rows: rows.rows, count: n.rows[0]!.n };
}

export async function getUser(tx: TenantTx, userId: unknown): Promise<Record<string, unknown>> {
  const r = await tx.query(
    `select ${USER_COLUMNS} from ${FROM} where u.tenant_id = $1 and u.id = $2 and not u.deleted`,
    [tx.tenantId, userId],
  );
  if (!r.rows[0]) throw notFound('errors.userNotFound');
  return r.rows[0];
}

/** Rows of user_roles / users violating the unique login name become the translated field error. */
export function mapUserViolation(err: unknown, username: string | undefined): unknown {
  const v = pgViolation(err);
  if (v?.code === '23505' && v.constraint === 'users_username')
    return fieldError('username', 'errors.usernameTaken', { username });
  return err;
}

/** Checks the organisation and roles a member form refers to; only administrators hand out admin roles. */
export async function checkRefs(tx: TenantTx, p: Principal, f: UserFields): Promise<void> {
  if (f.organizationid !== undefined && !(await tx.find('organizations', f.organizationid, 'id')))
    throw fieldError('organizationid', 'errors.org.notFound');
  if (f.roleIds?.length) {
    const r = await tx.query<{ id: number; is_admin: boolean }>(
      'select id, is_admin from roles where tenant_id = $1 and id = any($2::bigint[])',
      [tx.tenantId, f.roleIds],
    );
    if (r.rows.length !== new Set(f.roleIds).size) throw fieldError('roleIds', 'errors.role.notFound');
    if (!p.isAdmin && r.rows.some((x) => x.is_admin)) throw fieldError('roleIds', 'errors.role.adminOnly');
  }
}

/** Column values of the member form (only the fields present). */
export function userColumns(f: UserFields): Record<string, unknown> {
  const map: Record<string, unknown> = {
    peoplename: f.peoplename,
    number: f.number,
    organization_id: f.organizationid,
    mobile: f.mobile,
    username: f.username?.trim(),
    usertype: f.usertype,
    label: f.label,
    is_repairman: f.is_repairman,
    is_repair_leader: f.is_repair_leader,
    email: f.email,
    sex: f.sex,
    pinyin: f.pinyin,
    entry_date: f.entry_date,
    birthday: f.birthday,
    landline: f.landline,
    note: f.note,
    state: f.state,
  };
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(map)) if (v !== undefined) out[k] = typeof v === 'string' ? blank(v) : v;
  return out;
}

export async function setUserRoles(tx: TenantTx, userId: number, roleIds: number[]): Promise<void> {
  await tx.query('delete from user_roles where tenant_id = $1 and user_id = $2', [tx.tenantId, userId]);
  await tx.query(
    'insert into user_roles(tenant_id, user_id, role_id) select $1, $2, unnest($3::bigint[]) on conflict do nothing',
    [tx.tenantId, userId, roleIds],
  );
}

/** True when the member holds an enabled administrator role. */
export async function holdsAdminRole(tx: TenantTx, userIds: number[], enabledOnly = false): Promise<boolean> {
  const r = await tx.query(
    `select 1 from user_roles ur join roles r on r.tenant_id = ur.tenant_id and r.id = ur.role_id and r.is_admin
      where ur.tenant_id = $1 and ur.user_id = any($2::bigint[]) and ($3::boolean is not true or r.state = 1) limit 1`,
    [tx.tenantId, userIds, enabledOnly],
  );
  return r.rows.length > 0;
}

/** Refuses a change that would leave the company without an enabled administrator (call after the change). */
export async function assertAdminRemains(tx: TenantTx): Promise<void> {
  const r = await tx.query(
    `select 1 from users u
       join user_roles ur on ur.tenant_id = u.tenant_id and ur.user_id = u.id
       join roles r on r.tenant_id = ur.tenant_id and r.id = ur.role_id and r.is_admin and r.state = 1
      where u.tenant_id = $1 and u.state = 1 and not u.deleted limit 1`,
    [tx.tenantId],
  );
  if (!r.rows.length) throw businessError('errors.user.lastAdmin');
}

/**
 * Reasons a member may not be deleted, as message keys. Other domains add their own checks here
 * (for example open work orders assigned to the member).
 */
export type UserDeleteCheck = (tx: TenantTx, userId: number) => Promise<string | null>;
export const userDeleteChecks: UserDeleteCheck[] = [];

export async function deleteBlockers(tx: TenantTx, p: Principal, userId: number): Promise<string[]> {
  await getUser(tx, userId);
  const reasons: string[] = [];
  if (userId === p.userId) reasons.push('errors.user.deleteSelf');
  if (!p.isAdmin && (await holdsAdminRole(tx, [userId]))) reasons.push('errors.user.adminOnly');
  else if (await holdsAdminRole(tx, [userId])) {
    const others = await tx.query(
      `select 1 from users u
         join user_roles ur on ur.tenant_id = u.tenant_id and ur.user_id = u.id
         join roles r on r.tenant_id = ur.tenant_id and r.id = ur.role_id and r.is_admin and r.state = 1
        where u.tenant_id = $1 and u.id <> $2 and u.state = 1 and not u.deleted limit 1`,
      [tx.tenantId, userId],
    );
    if (!others.rows.length) reasons.push('errors.user.lastAdmin');
  }
  for (const check of userDeleteChecks) {
    const reason = await check(tx, userId);
    if (reason) reasons.push(reason);
  }
  return reasons;
}
