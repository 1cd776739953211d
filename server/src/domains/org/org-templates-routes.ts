import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { fieldError, id, response } from '../../platform/http/route-kit.js';
import { type ReadContext, readContext } from '../../platform/resources/read.js';
import { createRow } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import type { TemplateNode } from './org-template-rules.js';
import { organizationEntity } from './resources.js';

/*
 * Organisation templates (spec 7.2 orgtemplate): a company keeps named organisation trees (for example the
 * departments of a standard plant) and copies one below any of its organisations in one step. The templates are
 * the engine's entity orgTemplate (resources.ts, rules in org-template-rules.ts); copying one is here.
 */

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

/** Copying a template into the tree; the templates themselves are the engine's entity orgTemplate (resources.ts). */
export async function orgTemplateRoutes(app: FastifyInstance): Promise<void> {
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
