import { fieldError } from '../../platform/http/route-kit.js';
import type { EntityHooks } from '../../platform/resources/types.js';
import { isId, type TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { subtreeCte } from './users.js';

/*
 * The rules of organisation templates (spec 7.2 orgtemplate), the engine's entity orgTemplate (resources.ts):
 * a template is a tree of organisation names, checked and tidied, or taken from an organisation.
 */

export interface TemplateNode {
  organizationName: string;
  phone?: string | null;
  ext1?: string | null;
  children?: TemplateNode[];
}

const MAX_NODES = 500;
const MAX_DEPTH = 10;

/** Checks a template tree; the problem names the field `nodes`. */
export function checkNodes(nodes: unknown): TemplateNode[] {
  let count = 0;
  const walk = (list: unknown, depth: number): TemplateNode[] => {
    if (!Array.isArray(list)) throw fieldError('nodes', 'org.errors.templateNodes');
    if (depth > MAX_DEPTH) throw fieldError('nodes', 'org.errors.templateDepth', { max: MAX_DEPTH });
    return list.map((n) => {
      count++;
      if (count > MAX_NODES) throw fieldError('nodes', 'org.errors.templateSize', { max: MAX_NODES });
      const o = n as Record<string, unknown>;
      const name = typeof o?.organizationName === 'string' ? o.organizationName.trim() : '';
      if (!name || name.length > 100) throw fieldError('nodes', 'org.errors.templateNodes');
      const str = (v: unknown, max: number) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : null);
      return {
        organizationName: name,
        phone: str(o.phone, 30),
        ext1: str(o.ext1, 500),
        children: o.children === undefined ? [] : walk(o.children, depth + 1),
      };
    });
  };
  return walk(nodes, 1);
}

/** An organisation and everything below it, as template nodes. */
async function snapshot(tx: TenantTx, orgId: number): Promise<TemplateNode[]> {
  await tx.get('organizations', orgId, 'id');
  const r = await tx.query<{
    id: number;
    parentId: number | null;
    organizationName: string;
    phone: string;
    ext1: string;
  }>(
    `${subtreeCte('$2')} select o.id, o.parent_id as "parentId", o.organization_name as "organizationName", o.phone, o.ext1
       from organizations o join sub on sub.id = o.id where o.tenant_id = $1 order by o.sort, o.id`,
    [tx.tenantId, orgId],
  );
  const build = (parentId: number | null): TemplateNode[] =>
    r.rows
      .filter((o) => (parentId === null ? Number(o.id) === orgId : Number(o.parentId) === parentId))
      .map((o) => ({
        organizationName: o.organizationName,
        phone: o.phone,
        ext1: o.ext1,
        children: build(Number(o.id)),
      }));
  return build(null);
}

/**
 * The rules of a template beyond its fields: its tree is checked and tidied (names trimmed, only the kept fields),
 * or taken from an organisation and everything below it when the request names one (fromOrganizationId).
 */
export const orgTemplateHooks: EntityHooks = {
  async beforeValidate(tx, body, existing) {
    if (body.fromOrganizationId !== undefined && body.fromOrganizationId !== null) {
      if (!isId(body.fromOrganizationId)) throw fieldError('fromOrganizationId', 'errors.org.notFound');
      const { fromOrganizationId, ...rest } = body;
      return { ...rest, nodes: await snapshot(tx, Number(fromOrganizationId)) };
    }
    if (body.nodes !== undefined) return { ...body, nodes: checkNodes(body.nodes) };
    return existing ? body : { ...body, nodes: [] };
  },
};
