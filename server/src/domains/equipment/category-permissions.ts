import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../../platform/http/errors.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';

/** The menu whose buttons govern each kind of category: 1 equipment types, 2 mould types. */
export const CATEGORY_MENUS: Record<number, string> = { 1: 'equipment:machine', 2: 'eqmold:eqcategory' };

const PREFIX = '/api-manage/equipmentcategory';
/** Tables of the category's children by route segment (their rows carry category_id). */
const CHILD_TABLES: Record<string, string> = {
  faultreason: 'fault_reasons',
  parts: 'category_parts',
  spareparts: 'category_spare_parts',
};
const ACTIONS: Record<string, string> = {
  save: 'add',
  update: 'edit',
  del: 'delete',
  import: 'import',
  importexcel: 'import',
};

type Body = Record<string, unknown>;

const idList = (body: Body): unknown[] => {
  const raw = body.ids ?? body.id;
  return raw === undefined || raw === null || raw === '' ? [] : Array.isArray(raw) ? raw : [raw];
};

async function kindsOf(tx: TenantTx, categoryIds: unknown[]): Promise<number[]> {
  const ids = categoryIds.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
  if (ids.length === 0) return [];
  const r = await tx.query<{ category: number }>(
    'select distinct category from equipment_categories where tenant_id = $1 and id = any($2::bigint[])',
    [tx.tenantId, ids],
  );
  return r.rows.map((x) => Number(x.category));
}

/** The kinds of category a write touches: the kind sent, and the kind of every row it changes or deletes. */
async function touchedKinds(tx: TenantTx, child: string | null, action: string, body: Body): Promise<number[]> {
  const kinds = new Set<number>();
  const table = child ? CHILD_TABLES[child]! : 'equipment_categories';
  const ids = action === 'del' ? idList(body) : body.id ? [body.id] : [];
  const existing = ids.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
  if (existing.length > 0) {
    const col = child ? 'category_id' : 'id';
    const r = await tx.query<{ c: number }>(
      `select distinct ${col} as c from "${table}" where tenant_id = $1 and id = any($2::bigint[])`,
      [tx.tenantId, existing],
    );
    for (const k of await kindsOf(
      tx,
      r.rows.map((x) => x.c),
    ))
      kinds.add(k);
  }
  if (!child && (body.category === 1 || body.category === 2 || body.category === '1' || body.category === '2'))
    kinds.add(Number(body.category));
  if (!child && action === 'save' && !body.id && body.category === undefined) kinds.add(1); // the declared default
  if (child && body.categoryId) for (const k of await kindsOf(tx, [body.categoryId])) kinds.add(k);
  if (body.parentId) for (const k of await kindsOf(tx, [body.parentId])) kinds.add(k);
  return [...kinds];
}

/** Which changing route of the category family this is: the child segment (or null) and the action. */
function routeOf(req: FastifyRequest): { child: string | null; action: string } | null {
  const url = req.routeOptions.url ?? '';
  if (req.method !== 'POST' || !url.startsWith(`${PREFIX}/`)) return null;
  const parts = url.slice(PREFIX.length + 1).split('/');
  if (parts.length === 1 && ACTIONS[parts[0]!]) return { child: null, action: parts[0]! };
  if (parts.length === 2 && CHILD_TABLES[parts[0]!] && ACTIONS[parts[1]!])
    return { child: parts[0]!, action: parts[1]! };
  return null;
}

/**
 * Equipment types and mould types share one table and one set of routes, but each kind is governed by its
 * own menu's buttons: a change to a kind needs that kind's code. Imports may carry both kinds, so they need
 * the import code of both menus.
 */
export function categoryPermissionSplit(app: FastifyInstance): void {
  app.addHook('preHandler', async (req) => {
    const route = routeOf(req);
    if (!route) return;
    const me = req.me();
    let kind = ACTIONS[route.action]!;
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Body;
    if (route.action === 'save' && body.id) kind = 'edit';
    const kinds =
      kind === 'import' ? [1, 2] : await req.tenant((tx) => touchedKinds(tx, route.child, route.action, body));
    const missing = kinds.map((k) => `${CATEGORY_MENUS[k]}:${kind}`).filter((code) => !me.permissions.has(code));
    if (missing.length > 0) throw forbidden('errors.noPermission', { code: missing.join(', ') });
  });
}
