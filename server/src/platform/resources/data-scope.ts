import type { TenantTx } from '../tenancy/tenant-tx.js';
import type { Model } from './model.js';
import { fieldExpr } from './model.js';

/**
 * A role's data scope (数据权限): which of the tenant's records its members see. Narrowest last; a member with
 * several roles sees what any of them sees, an administrator role sees all.
 */
export const DATA_SCOPES = ['all', 'organization', 'workshop', 'workgroup', 'own'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];
type Dimension = Exclude<DataScope, 'all'>;

/** Widest first: a scope reaches no further than those before it. */
export const scopeRank = (scope: DataScope): number => DATA_SCOPES.indexOf(scope);
export const isDataScope = (v: unknown): v is DataScope => DATA_SCOPES.includes(v as DataScope);

/** What a scoped member reaches; null when nothing is withheld. */
export interface RowScope {
  readonly kinds: ReadonlySet<Dimension>;
  readonly userId: number;
  /** The member's organisation and every organisation below it. */
  readonly organizationIds: readonly number[];
  /** The workshops of the member's work groups and of the member's own organisation. */
  readonly workshopIds: readonly number[];
  readonly workgroupIds: readonly number[];
  /**
   * The scope of the API key the request comes with (auth/api-key.ts), measured against the key's creator: a
   * row must be in this one too (AND), on top of the creator's own kinds (OR). Absent for a person.
   */
  readonly keyKind?: Dimension;
}

interface ScopeRow {
  unrestricted: boolean;
  kinds: string[] | null;
  organization_ids: number[] | null;
  workshop_ids: number[] | null;
  workgroup_ids: number[] | null;
}

/**
 * The acting member's scope, read once per transaction. A transaction without a member (a job, the seed) and a
 * member with an administrator role, a role of scope `all` or no role at all is not restricted (what codes
 * such a member holds decides what routes admit them). A request with an API key (tx.keyScope) is restricted
 * by the key's scope as well: it sees what both the key and its creator see.
 */
export async function actorRowScope(tx: TenantTx): Promise<RowScope | null> {
  if (tx.userId === null) return null;
  if (tx.rowScope !== undefined) return tx.rowScope;
  const member = await memberScope(tx, tx.userId);
  const keyKind = tx.keyScope && tx.keyScope !== 'all' ? tx.keyScope : undefined;
  tx.rowScope = !keyKind ? member.scope : { ...member.reach, kinds: member.scope?.kinds ?? new Set(), keyKind };
  return tx.rowScope;
}

/**
 * The scope a member's roles give, read for a member other than the transaction's (what a TV board its member made
 * shows); null when unrestricted. No API key is involved.
 */
export async function rowScopeOf(tx: TenantTx, userId: number): Promise<RowScope | null> {
  return (await memberScope(tx, userId)).scope;
}

/** The widest scope a member's roles give (what a key the member makes may have at most). */
export async function widestScopeOf(tx: TenantTx, userId: number): Promise<DataScope> {
  const { scope } = await memberScope(tx, userId);
  if (!scope) return 'all';
  return DATA_SCOPES.find((d) => d !== 'all' && scope.kinds.has(d)) ?? 'own';
}

type Reach = Omit<RowScope, 'kinds' | 'keyKind'>;

/** A member's scope (null when unrestricted) and, either way, what its dimensions reach. */
async function memberScope(tx: TenantTx, userId: number): Promise<{ scope: RowScope | null; reach: Reach }> {
  const r = await tx.query<ScopeRow>(
    `with recursive mine as (
       select r.is_admin, r.data_scope from user_roles ur
         join roles r on r.tenant_id = ur.tenant_id and r.id = ur.role_id and r.state = 1
        where ur.tenant_id = $1 and ur.user_id = $2),
     me as (select organization_id from users where tenant_id = $1 and id = $2),
     below(id) as (
       select o.id from organizations o where o.tenant_id = $1 and o.id = (select organization_id from me)
       union select o.id from organizations o join below b on o.parent_id = b.id where o.tenant_id = $1),
     groups as (select workgroup_id as id from work_group_members where tenant_id = $1 and user_id = $2)
     select not exists (select 1 from mine) or exists (select 1 from mine where is_admin or data_scope = 'all')
              as unrestricted,
            (select array_agg(distinct data_scope) from mine) as kinds,
            (select array_agg(id) from below) as organization_ids,
            (select array_agg(w.id) from workshops w
              where w.tenant_id = $1
                and (w.id in (select g.workshop_id from work_groups g where g.tenant_id = $1 and g.id in (select id from groups))
                     or w.organizationid = (select organization_id from me))) as workshop_ids,
            (select array_agg(id) from groups) as workgroup_ids`,
    [tx.tenantId, userId],
  );
  const row = r.rows[0]!;
  const reach: Reach = {
    userId,
    organizationIds: (row.organization_ids ?? []).map(Number),
    workshopIds: (row.workshop_ids ?? []).map(Number),
    workgroupIds: (row.workgroup_ids ?? []).map(Number),
  };
  return {
    reach,
    scope: row.unrestricted ? null : { ...reach, kinds: new Set((row.kinds ?? []).filter(isDimension)) },
  };
}

const isDimension = (v: string): v is Dimension => v !== 'all' && isDataScope(v);

const ids = (values: readonly number[]) => `'{${values.map((v) => Math.trunc(Number(v))).join(',')}}'::bigint[]`;

/** From a role's dimension to the wider ones: an entity without the role's own dimension is kept by the next. */
const WIDER: Record<Dimension, readonly Dimension[]> = {
  own: ['own', 'workgroup', 'workshop', 'organization'],
  workgroup: ['workgroup', 'workshop', 'organization'],
  workshop: ['workshop', 'organization'],
  organization: ['organization'],
};

/** The condition of one dimension for an entity, or null when the entity has no field for it. */
function dimensionSql(model: Model, scope: RowScope, dim: Dimension, alias: string): string | null {
  const declared = model.def.dataScope ?? {};
  const expr = (name: string | undefined) => {
    const f = name ? model.byName.get(name) : undefined;
    return f ? fieldExpr(f, alias) : null;
  };
  switch (dim) {
    case 'own': {
      const owners = (declared.own ?? []).map(expr).filter((e): e is string => e !== null);
      return owners.length ? `(${owners.map((e) => `${e} = ${Math.trunc(scope.userId)}`).join(' or ')})` : null;
    }
    case 'workgroup': {
      const e = expr(declared.workgroup);
      return e ? `${e} = any(${ids(scope.workgroupIds)})` : null;
    }
    case 'workshop': {
      const e = expr(declared.workshop);
      return e ? `${e} = any(${ids(scope.workshopIds)})` : null;
    }
    case 'organization': {
      const own = expr(declared.organization);
      if (own) return `${own} = any(${ids(scope.organizationIds)})`;
      const shop = expr(declared.workshop);
      return shop
        ? `${shop} in (select w.id from workshops w where w.tenant_id = ${alias}.tenant_id and w.organizationid = any(${ids(scope.organizationIds)}))`
        : null;
    }
  }
}

/**
 * The condition (led by ' and ') keeping a read to the member's scope; empty when nothing is withheld: no scope,
 * an entity without data-scope fields, or a role whose dimension the entity has neither itself nor wider.
 */
export function rowScopeSql(model: Model, scope: RowScope | null | undefined, alias = 't'): string {
  if (!scope || !model.def.dataScope) return '';
  const kindSql = (kind: Dimension) =>
    WIDER[kind].map((d) => dimensionSql(model, scope, d, alias)).find((s) => s !== null) ?? null;
  const parts: string[] = [];
  for (const kind of scope.kinds) {
    const sql = kindSql(kind);
    if (!sql) {
      parts.length = 0;
      break;
    }
    parts.push(sql);
  }
  const member = parts.length ? ` and (${parts.join(' or ')})` : '';
  const key = scope.keyKind ? kindSql(scope.keyKind) : null;
  return key ? `${member} and ${key}` : member;
}
