import { hashPassword, passwordRuleError, stripChinese } from '../../platform/auth/password.js';
import type { Principal } from '../../platform/auth/principal.js';
import { revokeUserSessions } from '../../platform/auth/sessions.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { defineSheet, type Issues } from './sheets.js';
import { assertUserRoom } from './user-limit.js';
import { assertAdminRemains, holdsAdminRole, setUserRoles, type UserFields, userColumns } from './users.js';

/** Columns of the members' spreadsheet (template, import, export), in their order. */
export const USER_SHEET = defineSheet('users', [
  { name: 'peoplename', type: 'string', required: true, maxLength: 50 },
  { name: 'username', type: 'string', required: true, maxLength: 50, pattern: '[^\\s#]{2,}' },
  // Read from a file, never written to one.
  { name: 'password', type: 'string', maxLength: 200, exportable: false, hint: 'org.hints.password' },
  { name: 'number', type: 'string', maxLength: 50 },
  { name: 'organization', type: 'string', required: true, maxLength: 100, hint: 'org.hints.organization' },
  { name: 'roles', type: 'string', maxLength: 1000, hint: 'org.hints.roles' },
  { name: 'mobile', type: 'string', maxLength: 30, pattern: '[0-9+() -]*' },
  { name: 'email', type: 'string', maxLength: 100, pattern: '[^@\\s]+@[^@\\s]+\\.[^@\\s]+' },
  { name: 'sex', type: 'enum', options: [1, 2, 0] },
  { name: 'usertype', type: 'integer', min: 0, max: 9 },
  { name: 'label', type: 'string', maxLength: 100 },
  { name: 'is_repairman', type: 'boolean' },
  { name: 'is_repair_leader', type: 'boolean' },
  { name: 'pinyin', type: 'string', maxLength: 100 },
  { name: 'entry_date', type: 'date' },
  { name: 'birthday', type: 'date' },
  { name: 'landline', type: 'string', maxLength: 30 },
  { name: 'note', type: 'string', maxLength: 500 },
  { name: 'state', type: 'enum', options: [1, 0] },
]);

/** One member of a batch: wire fields, or from a file the organisation and roles as text. */
export interface MemberInput extends UserFields {
  id?: number;
  password?: string | null;
  /** Code or name of the organisation (files). */
  organization?: string | null;
  /** Role names separated by commas (files). */
  roles?: string | null;
}

export interface MemberItem {
  /** The spreadsheet row, or the 1-based position in a list. */
  row: number;
  v: MemberInput;
}

/**
 * How rows meet existing members: `create` adds only (a taken login name is an error), `upsert` updates the
 * member with the row's login name and adds the others, `list` updates the rows with an id and adds the rest.
 */
export type BatchMode = 'create' | 'upsert' | 'list';

const ROLE_SPLIT = /[,，;；、]/;
const present = (v: unknown) => v !== undefined && v !== null && v !== '';

/** Organisation texts (code first, then a unique name) to ids; a miss or an ambiguity is reported. */
async function resolveOrganizations(tx: TenantTx, items: MemberItem[], issues: Issues): Promise<void> {
  if (!items.some((i) => present(i.v.organization))) return;
  const r = await tx.query<{ id: number; code: string | null; name: string }>(
    'select id, organization_code as code, organization_name as name from organizations where tenant_id = $1',
    [tx.tenantId],
  );
  const byCode = new Map(r.rows.filter((o) => o.code).map((o) => [o.code!, o.id]));
  const byName = new Map<string, number[]>();
  for (const o of r.rows) byName.set(o.name, [...(byName.get(o.name) ?? []), o.id]);
  for (const { row, v } of items) {
    if (!present(v.organization)) continue;
    const text = String(v.organization);
    const hit = byCode.get(text) ?? (byName.get(text)?.length === 1 ? byName.get(text)![0] : undefined);
    if (hit !== undefined) v.organizationid = hit;
    else
      issues.add(row, 'organization', (byName.get(text)?.length ?? 0) > 1 ? 'refAmbiguous' : 'refMissing', {
        value: text,
      });
  }
}

/** Role names to ids; organisation and role ids of list items must exist. */
async function resolveRoles(tx: TenantTx, p: Principal, items: MemberItem[], issues: Issues): Promise<void> {
  const r = await tx.query<{ id: number; name: string; is_admin: boolean }>(
    'select id, name, is_admin from roles where tenant_id = $1',
    [tx.tenantId],
  );
  const byName = new Map(r.rows.map((x) => [x.name, x]));
  const byId = new Map(r.rows.map((x) => [Number(x.id), x]));
  for (const { row, v } of items) {
    if (present(v.roles)) {
      const names = String(v.roles)
        .split(ROLE_SPLIT)
        .map((s) => s.trim())
        .filter(Boolean);
      const missing = names.filter((n) => !byName.has(n));
      if (missing.length) issues.add(row, 'roles', 'refMissing', { value: missing.join(', ') });
      else v.roleIds = [...new Set(names.map((n) => Number(byName.get(n)!.id)))];
    } else if (v.roles === null) v.roleIds = [];
    if (!v.roleIds) continue;
    if (v.roleIds.some((id) => !byId.has(Number(id)))) issues.add(row, 'roles', 'refMissing', { value: v.roleIds });
    else if (!p.isAdmin && v.roleIds.some((id) => byId.get(Number(id))!.is_admin))
      issues.add(row, 'roles', 'errors.role.adminOnly');
  }
  const orgIds = [...new Set(items.map((i) => i.v.organizationid).filter((x) => x !== undefined && x !== null))];
  if (!orgIds.length) return;
  const o = await tx.query<{ id: number }>(
    'select id from organizations where tenant_id = $1 and id = any($2::bigint[])',
    [tx.tenantId, orgIds],
  );
  const found = new Set(o.rows.map((x) => Number(x.id)));
  for (const { row, v } of items)
    if (v.organizationid !== undefined && v.organizationid !== null && !found.has(Number(v.organizationid)))
      issues.add(row, 'organization', 'errors.org.notFound');
}

/** The member each row changes (null for a new one), by id (list) or by login name (upsert). */
async function targets(tx: TenantTx, items: MemberItem[], mode: BatchMode, issues: Issues): Promise<(number | null)[]> {
  const out: (number | null)[] = items.map(() => null);
  if (mode === 'create') return out;
  const r = await tx.query<{ id: number; username: string }>(
    'select id, lower(username) as username from users where tenant_id = $1 and not deleted',
    [tx.tenantId],
  );
  const ids = new Set(r.rows.map((u) => Number(u.id)));
  const byName = new Map(r.rows.map((u) => [u.username, Number(u.id)]));
  items.forEach(({ row, v }, i) => {
    if (mode === 'list' && v.id !== undefined) {
      if (ids.has(Number(v.id))) out[i] = Number(v.id);
      else issues.add(row, 'id', 'errors.userNotFound');
    } else if (mode === 'upsert' && present(v.username)) out[i] = byName.get(String(v.username).toLowerCase()) ?? null;
  });
  return out;
}

/**
 * The login names of a batch in lower case: who holds them across the service (usernameOwners) is read
 * before the tenant transaction, as the check looks past the tenant and the embedded database has one connection.
 */
export function usernamesOf(items: MemberItem[]): string[] {
  return items.filter((i) => present(i.v.username)).map((i) => String(i.v.username).trim().toLowerCase());
}

/** Login names unique in the file and across the service (except the member the row changes). */
function checkUsernames(
  owner: Map<string, number>,
  items: MemberItem[],
  target: (number | null)[],
  issues: Issues,
): void {
  const names = items.map((i) => (present(i.v.username) ? String(i.v.username).trim().toLowerCase() : null));
  const seen = new Map<string, number>();
  names.forEach((n, i) => {
    if (!n) return;
    if (seen.has(n)) issues.add(items[i]!.row, 'username', 'duplicateInFile', { value: n, other: seen.get(n) });
    else seen.set(n, items[i]!.row);
    if (owner.has(n) && owner.get(n) !== target[i])
      issues.add(items[i]!.row, 'username', 'unique', { value: items[i]!.v.username });
  });
}

const NOT_NULL = ['state', 'usertype', 'is_repairman', 'is_repair_leader'];

const REQUIRED_NEW: (keyof MemberInput)[] = ['peoplename', 'username', 'organizationid'];

function checkRequired(items: MemberItem[], target: (number | null)[], issues: Issues): void {
  items.forEach(({ row, v }, i) => {
    const isNew = target[i] === null;
    for (const f of REQUIRED_NEW) {
      const field = f === 'organizationid' ? 'organization' : f;
      const missing = isNew ? !present(v[f]) : v[f] === null || v[f] === '';
      if (missing && !issues.has(row, field)) issues.add(row, field, 'required');
    }
    if (isNew) {
      const pw = stripChinese(v.password ?? '');
      const rule = passwordRuleError(pw, pw);
      if (rule) issues.add(row, 'password', rule.key);
    } else if (present(v.password)) issues.add(row, 'password', 'org.errors.passwordOnlyNew');
    if (v.usertype !== undefined && v.usertype !== null && (v.usertype < 0 || v.usertype > 9))
      issues.add(row, 'usertype', 'max', { limit: 9 });
  });
}

/** Only administrators change administrators; nobody disables themselves. */
async function checkRights(
  tx: TenantTx,
  p: Principal,
  items: MemberItem[],
  target: (number | null)[],
  issues: Issues,
): Promise<void> {
  for (const [i, { row, v }] of items.entries()) {
    const id = target[i];
    if (id === null || id === undefined) continue;
    if (id === p.userId && v.state === 0) issues.add(row, 'state', 'errors.user.disableSelf');
    if (!p.isAdmin && (await holdsAdminRole(tx, [id]))) issues.add(row, 'username', 'errors.user.adminOnly');
  }
}

/**
 * Adds and changes members in the caller's transaction. Every row is checked first; any problem and nothing
 * is written (the issues are thrown in the engine's import format). `owners` comes from usernameOwners. New members must change their initial
 * password at first login.
 */
export async function applyMembers(
  tx: TenantTx,
  owners: Map<string, number>,
  p: Principal,
  items: MemberItem[],
  mode: BatchMode,
  issues: Issues,
): Promise<{ created: number; updated: number }> {
  await resolveOrganizations(tx, items, issues);
  await resolveRoles(tx, p, items, issues);
  const target = await targets(tx, items, mode, issues);
  checkUsernames(owners, items, target, issues);
  checkRequired(items, target, issues);
  await checkRights(tx, p, items, target, issues);
  issues.throwIfAny();

  let created = 0;
  let updated = 0;
  await assertUserRoom(tx, tx.tenantId, target.filter((id) => id === null || id === undefined).length);
  for (const [i, { v }] of items.entries()) {
    const id = target[i];
    const cols = userColumns(v);
    // Columns that cannot be empty keep their default (new) or current value (existing) when left blank.
    for (const k of NOT_NULL) if (cols[k] === null) delete cols[k];
    if (id === null || id === undefined) {
      const hash = await hashPassword(stripChinese(v.password ?? ''));
      const row = await tx.insert<{ id: number }>(
        'users',
        { ...cols, password_hash: hash, must_change_password: true, created_by: p.userId, updated_by: p.userId },
        'id',
      );
      if (v.roleIds?.length) await setUserRoles(tx, row.id, v.roleIds);
      created++;
    } else {
      // The login name is the key of an upsert: a row differing only in letter case keeps the stored one.
      if (mode === 'upsert') delete cols.username;
      await tx.update('users', id, { ...cols, updated_at: new Date(), updated_by: p.userId }, 'id');
      if (v.roleIds) await setUserRoles(tx, id, v.roleIds);
      if (v.state === 0) await revokeUserSessions(tx, tx.tenantId, id);
      updated++;
    }
  }
  await assertAdminRemains(tx);
  return { created, updated };
}
