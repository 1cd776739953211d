import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';

/** The deepest a BOM tree is followed (a guard beside the cycle check; real trees are a few levels). */
export const MAX_LEVELS = 20;

/**
 * Whether `product` is reached from `material` by following current BOMs down (the material is the product, or a
 * component of it, at any level): a BOM of `product` holding `material` would then contain itself.
 */
export async function wouldContainItself(tx: TenantTx, product: number, material: number): Promise<boolean> {
  if (Number(product) === Number(material)) return true;
  const r = await tx.query<{ hit: boolean }>(
    `with recursive down(mat, lvl) as (
       select $2::bigint, 0
       union
       select l.material_id, d.lvl + 1
         from down d
         join boms b on b.tenant_id = $1 and b.material_id = d.mat and b.is_current and b.deleted_at is null
         join bom_lines l on l.tenant_id = $1 and l.bom_id = b.id
        where d.lvl < ${MAX_LEVELS})
     select exists(select 1 from down where mat = $3) as hit`,
    [tx.tenantId, material, product],
  );
  return !!r.rows[0]?.hit;
}

export interface TreeNode {
  level: number;
  materialId: number;
  code: string;
  name: string;
  kind: string;
  unit: string | null;
  /** Per one of the parent line. */
  quantity: string;
  scrapRate: string;
  /** Per one of the exploded product, scrap allowances included along the path. */
  totalQuantity: string;
  bomId: number | null;
  path: number[];
}

/**
 * The exploded BOM of a product (its current BOM, and each component's current BOM beneath, level by level): one
 * row per line on its path, quantities per one of the product, scrap allowances multiplied in.
 */
export async function explode(tx: TenantTx, product: number, quantity = 1): Promise<TreeNode[]> {
  const r = await tx.query<TreeNode>(
    `with recursive tree(level, material_id, quantity, scrap_rate, total, bom_id, path, sort) as (
       select 1, l.material_id, l.quantity, l.scrap_rate,
              ($3::numeric * l.quantity * (1 + l.scrap_rate / 100.0)), b.id, array[b.material_id, l.material_id],
              array[l.sort, l.id]
         from boms b join bom_lines l on l.tenant_id = b.tenant_id and l.bom_id = b.id
        where b.tenant_id = $1 and b.material_id = $2 and b.is_current and b.deleted_at is null
       union all
       select t.level + 1, l.material_id, l.quantity, l.scrap_rate,
              t.total * l.quantity * (1 + l.scrap_rate / 100.0), b.id, t.path || l.material_id,
              t.sort || array[l.sort, l.id]
         from tree t
         join boms b on b.tenant_id = $1 and b.material_id = t.material_id and b.is_current and b.deleted_at is null
         join bom_lines l on l.tenant_id = b.tenant_id and l.bom_id = b.id
        where t.level < ${MAX_LEVELS} and not l.material_id = any(t.path))
     select t.level, t.material_id as "materialId", m.code, m.name, m.kind, m.unit,
            t.quantity::text as quantity, t.scrap_rate::text as "scrapRate",
            round(t.total, 4)::text as "totalQuantity", t.bom_id as "bomId", t.path
       from tree t join production_materials m on m.tenant_id = $1 and m.id = t.material_id
      order by t.sort`,
    [tx.tenantId, product, quantity],
  );
  return r.rows.map((n) => ({
    ...n,
    materialId: Number(n.materialId),
    bomId: Number(n.bomId),
    path: n.path.map(Number),
  }));
}

export interface UsedIn {
  level: number;
  materialId: number;
  code: string;
  name: string;
  kind: string;
  bomId: number;
  bomCode: string;
  version: string;
  isCurrent: boolean;
  quantity: string;
}

/** Where a material is used: the BOMs holding it, the products of those, and up to the top, every live version. */
export async function whereUsed(tx: TenantTx, material: number): Promise<UsedIn[]> {
  const r = await tx.query<UsedIn>(
    `with recursive up(level, material_id, bom_id, quantity, path) as (
       select 1, b.material_id, b.id, l.quantity, array[$2::bigint, b.material_id]
         from bom_lines l join boms b on b.tenant_id = l.tenant_id and b.id = l.bom_id and b.deleted_at is null
        where l.tenant_id = $1 and l.material_id = $2
       union all
       select u.level + 1, b.material_id, b.id, l.quantity, u.path || b.material_id
         from up u
         join bom_lines l on l.tenant_id = $1 and l.material_id = u.material_id
         join boms b on b.tenant_id = l.tenant_id and b.id = l.bom_id and b.deleted_at is null
        where u.level < ${MAX_LEVELS} and not b.material_id = any(u.path))
     select u.level, u.material_id as "materialId", m.code, m.name, m.kind, u.bom_id as "bomId", b.code as "bomCode",
            b.version, b.is_current as "isCurrent", u.quantity::text as quantity
       from up u
       join production_materials m on m.tenant_id = $1 and m.id = u.material_id
       join boms b on b.tenant_id = $1 and b.id = u.bom_id
      order by u.level, m.code, b.version`,
    [tx.tenantId, material],
  );
  return r.rows.map((n) => ({ ...n, materialId: Number(n.materialId), bomId: Number(n.bomId) }));
}
