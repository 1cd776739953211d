import type { Queryable } from '../../db/index.js';
import { businessError, notFound } from '../../platform/http/errors.js';
import { withAncestors, withDescendants } from '../menu/tree.js';
import { dropGrantsOutsideCompanyMenus } from '../org/role-grants.js';

/*
 * Company and version menu sets. These write rows of other tenants (company_menus, role grants), so the
 * callers run them on the platform handle (req.platform), never in a request's tenant transaction.
 */

export interface CompanyRow {
  id: number;
  is_platform: boolean;
  version_id: number | null;
}

export async function getCompany(db: Queryable, companyId: unknown): Promise<CompanyRow> {
  const r = await db.query<CompanyRow>('select id, is_platform, version_id from companies where id = $1', [companyId]);
  if (!r.rows[0]) throw notFound('errors.company.notFound');
  return r.rows[0];
}

/** A tenant company whose menus the operator may change: not the platform company itself. */
export async function tenantCompanies(db: Queryable, ids: number[]): Promise<number[]> {
  const r = await db.query<CompanyRow>(
    'select id, is_platform, version_id from companies where id = any($1::bigint[])',
    [ids],
  );
  if (r.rows.length !== new Set(ids).size) throw notFound('errors.company.notFound');
  if (r.rows.some((c) => c.is_platform)) throw businessError('errors.company.platformProtected');
  return r.rows.map((c) => c.id);
}

/** Role grants of menus and buttons the company no longer has are dropped. */
export async function afterChange(db: Queryable, companyId: number): Promise<void> {
  await dropGrantsOutsideCompanyMenus(db, companyId);
}

/** Replaces a company's menus. */
export async function replaceCompanyMenus(db: Queryable, companyId: number, menuIds: string[]): Promise<number> {
  const all = await withAncestors(db, menuIds);
  // The company's own menus (custom form pages) are not the operator's to take.
  await db.query(
    `delete from company_menus where tenant_id = $1 and not (menu_id = any($2::uuid[]))
        and menu_id not in (select id from menus where owner_tenant_id = $1)`,
    [companyId, all],
  );
  await db.query('insert into company_menus(tenant_id, menu_id) select $1, unnest($2::uuid[]) on conflict do nothing', [
    companyId,
    all,
  ]);
  await afterChange(db, companyId);
  return all.length;
}

/** Adds menus to companies. */
export async function addCompanyMenus(db: Queryable, companyIds: number[], menuIds: string[]): Promise<void> {
  const all = await withAncestors(db, menuIds);
  for (const companyId of companyIds) {
    await db.query(
      'insert into company_menus(tenant_id, menu_id) select $1, unnest($2::uuid[]) on conflict do nothing',
      [companyId, all],
    );
  }
}

/** Takes menus, with the pages below them, away from companies (never a company's own menus). */
export async function removeCompanyMenus(db: Queryable, companyIds: number[], menuIds: string[]): Promise<void> {
  const all = await withDescendants(db, menuIds);
  for (const companyId of companyIds) {
    await db.query(
      `delete from company_menus where tenant_id = $1 and menu_id = any($2::uuid[])
          and menu_id not in (select id from menus where owner_tenant_id = $1)`,
      [companyId, all],
    );
    await afterChange(db, companyId);
  }
}

export async function versionMenuIds(db: Queryable, versionId: number): Promise<string[]> {
  const r = await db.query<{ menu_id: string }>(
    'select menu_id from version_menus where version_id = $1 order by menu_id',
    [versionId],
  );
  return r.rows.map((x) => x.menu_id);
}

/** Gives every tenant company of a version exactly that version's menus; returns how many companies. */
export async function pushVersionMenus(db: Queryable, versionId: number): Promise<number> {
  const menuIds = await versionMenuIds(db, versionId);
  const r = await db.query<{ id: number }>(
    'select id from companies where version_id = $1 and not is_platform order by id',
    [versionId],
  );
  for (const c of r.rows) await replaceCompanyMenus(db, c.id, menuIds);
  return r.rows.length;
}
