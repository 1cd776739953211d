import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { type ReadContext, readContext } from '../../platform/resources/read.js';
import { createRow } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { fieldError, id, idBody, optText, pgViolation, response, text } from './http.js';
import { organizationEntity } from './resources.js';
import { subtreeCte } from './users.js';

/*
 * Organisation templates (spec 7.2 orgtemplate): a company keeps named organisation trees (for example the
 * departments of a standard plant) and copies one below any of its organisations in one step.
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
 * Copies template nodes below a parent (null: top level) through the record service, so each new organisation
 * is checked, audited, versioned and pushed like a single save; returns how many were added.
 */
export async function copyNodes(
  tx: TenantTx,
  ctx: ReadContext,
  nodes: TemplateNode[],
  parentId: number | null,
): Promise<number> {
  let n = 0;
  for (const [i, node] of nodes.entries()) {
    const row = await createRow(tx, ctx, {
      parentId,
      organizationName: node.organizationName,
      phone: node.phone ?? null,
      ext1: node.ext1 ?? null,
      sort: i,
    });
    n += 1 + (await copyNodes(tx, ctx, node.children ?? [], Number(row.id)));
  }
  return n;
}

function mapNameViolation(err: unknown, name: string | undefined): unknown {
  const v = pgViolation(err);
  if (v?.code === '23505') return fieldError('name', 'org.errors.templateNameTaken', { name });
  return err;
}

interface TemplateBody {
  id?: number;
  name?: string;
  remark?: string | null;
  nodes?: unknown;
  fromOrganizationId?: number;
}

const props = { name: text(50), remark: optText(500), nodes: { type: 'array', maxItems: MAX_NODES } };

export async function orgTemplateRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api-user/orgtemplate/all',
    {
      config: { permission: ['setUp:organize:view', 'setUp:organize:add'] },
      schema: { tags: ['org'], summary: "The company's organisation templates with their trees", response },
    },
    async (req) =>
      ok(
        await req.tenant(async (tx) => {
          const r = await tx.query(
            `select id, name, remark, nodes, created_at as "createdAt" from org_templates where tenant_id = $1
              order by id`,
            [tx.tenantId],
          );
          return r.rows;
        }),
      ),
  );

  app.post<{ Body: TemplateBody }>(
    '/api-user/orgtemplate/save',
    {
      config: { permission: 'setUp:organize:add' },
      schema: {
        tags: ['org'],
        summary: 'Add an organisation template from a tree (nodes) or from an organisation and all below it',
        body: { type: 'object', required: ['name'], properties: { ...props, fromOrganizationId: id } },
        response,
      },
    },
    async (req) => {
      const b = req.body;
      const row = await req
        .tenant(async (tx) => {
          const nodes = b.fromOrganizationId ? await snapshot(tx, b.fromOrganizationId) : checkNodes(b.nodes ?? []);
          return tx.insert<{ id: number }>(
            'org_templates',
            {
              name: b.name!.trim(),
              remark: b.remark || null,
              nodes: JSON.stringify(nodes),
              created_by: tx.userId,
              updated_by: tx.userId,
            },
            'id',
          );
        })
        .catch((e) => {
          throw mapNameViolation(e, b.name);
        });
      return ok({ id: row.id });
    },
  );

  app.post<{ Body: TemplateBody & { id: number } }>(
    '/api-user/orgtemplate/update',
    {
      config: { permission: 'setUp:organize:edit' },
      schema: {
        tags: ['org'],
        summary: 'Change an organisation template (only the fields sent)',
        body: { type: 'object', required: ['id'], properties: { id, ...props } },
        response,
      },
    },
    async (req) => {
      const b = req.body;
      await req
        .tenant(async (tx) => {
          await tx.get('org_templates', b.id, 'id');
          const values: Record<string, unknown> = { updated_at: new Date(), updated_by: tx.userId };
          if (b.name !== undefined) values.name = b.name.trim();
          if (b.remark !== undefined) values.remark = b.remark || null;
          if (b.nodes !== undefined) values.nodes = JSON.stringify(checkNodes(b.nodes));
          await tx.update('org_templates', b.id, values, 'id');
        })
        .catch((e) => {
          throw mapNameViolation(e, b.name);
        });
      return ok(null);
    },
  );

  app.post<{ Body: { id: number } }>(
    '/api-user/orgtemplate/del',
    {
      config: { permission: 'setUp:organize:delete' },
      schema: { tags: ['org'], summary: 'Delete an organisation template', body: idBody, response },
    },
    async (req) => {
      await req.tenant(async (tx) => {
        await tx.get('org_templates', req.body.id, 'id');
        await tx.remove('org_templates', [req.body.id]);
      });
      return ok(null);
    },
  );

  app.post<{ Body: { id: number; parentId?: number | null } }>(
    '/api-user/orgtemplate/apply',
    {
      config: { permission: 'setUp:organize:add' },
      schema: {
        tags: ['org'],
        summary: "Copy a template's tree below an organisation (or at the top level) in one transaction",
        body: {
          type: 'object',
          required: ['id'],
          properties: { id, parentId: { anyOf: [id, { type: 'null' }] } },
        },
        response,
      },
    },
    async (req) => {
      const count = await req.tenant(async (tx) => {
        const tpl = await tx.get<{ nodes: TemplateNode[] }>('org_templates', req.body.id, 'nodes');
        const parentId = req.body.parentId ?? null;
        if (parentId !== null && !(await tx.find('organizations', parentId, 'id')))
          throw fieldError('parentId', 'errors.org.parentNotFound');
        return copyNodes(tx, await readContext(tx, organizationEntity, req.lang), tpl.nodes, parentId);
      });
      return ok({ count });
    },
  );
}
