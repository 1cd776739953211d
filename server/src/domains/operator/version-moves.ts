import type { Queryable } from '../../db/index.js';
import { invalid } from '../../platform/http/errors.js';
import { withAncestors } from '../menu/tree.js';
import { afterChange, versionMenuIds } from './company-menus.js';

/*
 * Moving companies from their version to another. A company's menus that came from its old version and are
 * not in the new one go; the new version's menus come; menus the operator gave the company individually
 * (outside its old version) and the company's own menus (custom form pages) stay, with the groups above them.
 * Runs on the owner connection (it writes other tenants' rows), inside the caller's transaction.
 */

export interface CompanyMove {
  companyId: number;
  name: string;
  fromVersionId: number | null;
  added: number;
  removed: number;
}

export interface MovePlan {
  versionId: number;
  companies: CompanyMove[];
  /** Menus added and removed, summed over the companies. */
  added: number;
  removed: number;
}

interface Target {
  id: number;
  name: string;
  is_platform: boolean;
  version_id: number | null;
}

/** The version's menus (with their groups) or a 400 naming versionId. */
async function targetMenus(db: Queryable, versionId: number): Promise<string[]> {
  const v = await db.query('select 1 from sys_versions where id = $1', [versionId]);
  if (!v.rows.length) throw invalid('versionId', 'errors.version.notFound');
  return withAncestors(db, await versionMenuIds(db, versionId));
}

/** The tenant companies to move (locked until the transaction ends when they move); a 400 naming companyIds otherwise. */
async function targetCompanies(db: Queryable, companyIds: number[], lock: boolean): Promise<Target[]> {
  const ids = [...new Set(companyIds)];
  const r = await db.query<Target>(
    `select id, name, is_platform, version_id from companies where id = any($1::bigint[]) order by id${lock ? ' for update' : ''}`,
    [ids],
  );
  if (r.rows.length !== ids.length) throw invalid('companyIds', 'errors.company.notFound');
  if (r.rows.some((c) => c.is_platform)) throw invalid('companyIds', 'errors.company.platformProtected');
  return r.rows.map((c) => ({
    ...c,
    id: Number(c.id),
    version_id: c.version_id === null ? null : Number(c.version_id),
  }));
}

/** What moving one company from a version with menus `from` to one with menus `to` does to its menus. */
async function menuChange(
  db: Queryable,
  companyId: number,
  from: string[],
  to: string[],
): Promise<{ added: string[]; removed: string[] }> {
  const have = (
    await db.query<{ menu_id: string }>('select menu_id from company_menus where tenant_id = $1', [companyId])
  ).rows.map((x) => x.menu_id);
  const haveSet = new Set(have);
  const toSet = new Set(to);
  const leaving = new Set(from.filter((m) => haveSet.has(m) && !toSet.has(m)));
  // A group of the old version stays while a menu the company keeps sits below it.
  const needed = new Set(await withAncestors(db, [...have.filter((m) => !leaving.has(m)), ...to], true));
  return {
    added: to.filter((m) => !haveSet.has(m)),
    removed: [...leaving].filter((m) => !needed.has(m)),
  };
}

/**
 * Moves companies to a version (or, with apply false, only tells what that would do). Call inside one
 * transaction: every company moves or none does.
 */
export async function moveCompaniesToVersion(
  db: Queryable,
  companyIds: number[],
  versionId: number,
  apply: boolean,
): Promise<MovePlan> {
  const to = await targetMenus(db, versionId);
  const plan: MovePlan = { versionId, companies: [], added: 0, removed: 0 };
  // Hundreds of companies come from a handful of versions: each old version's menus are read once.
  const fromMenus = new Map<number, string[]>();
  for (const c of await targetCompanies(db, companyIds, apply)) {
    let from: string[] = [];
    if (c.version_id !== null) {
      from = fromMenus.get(c.version_id) ?? (await versionMenuIds(db, c.version_id));
      fromMenus.set(c.version_id, from);
    }
    const change = await menuChange(db, c.id, from, to);
    if (apply) {
      await db.query('delete from company_menus where tenant_id = $1 and menu_id = any($2::uuid[])', [
        c.id,
        change.removed,
      ]);
      await db.query(
        'insert into company_menus(tenant_id, menu_id) select $1, unnest($2::uuid[]) on conflict do nothing',
        [c.id, change.added],
      );
      await db.query('update companies set version_id = $2, updated_at = now() where id = $1', [c.id, versionId]);
      if (change.removed.length) await afterChange(db, c.id);
    }
    plan.companies.push({
      companyId: c.id,
      name: c.name,
      fromVersionId: c.version_id,
      added: change.added.length,
      removed: change.removed.length,
    });
    plan.added += change.added.length;
    plan.removed += change.removed.length;
  }
  return plan;
}
