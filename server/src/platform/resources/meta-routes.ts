import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.js';
import { notFound } from '../http/errors.js';
import { codes, entityMeta, metaPath } from './meta.js';
import { readContext } from './read.js';
import { columnOf, findEntity, liveCondition, refTarget } from './registry.js';
import type { EntityDef, WireRow } from './types.js';
import { withinCondition } from './within.js';

const meta = { type: 'object', additionalProperties: true, properties: { name: { type: 'string' } } };
const optionList = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      value: { type: 'integer' },
      label: { type: 'string' },
      code: { type: 'string', nullable: true },
      /** The choice's parent choice, for a ref to a tree. */
      parent: { type: 'integer', nullable: true },
    },
  },
};
const envelope = (data: object) => ({
  type: 'object',
  properties: { rtnCode: { type: 'integer' }, msg: { type: 'string' }, data },
});

/** The parent column of a ref's target when the target is a tree (equipment categories). */
function treeParentColumn(ref: string): string | null {
  const target = findEntity(ref);
  const field = target?.treeParent ? target.fields.find((f) => f.name === target.treeParent) : undefined;
  return field ? columnOf(field) : null;
}

/**
 * GET /api-manage/meta/<entity>: the merged declaration for the generic web pages; and
 * GET /api-manage/meta/<entity>/options/<field>: the choices of a ref field (`within` narrows a
 * dependent reference to the parent value), readable by whoever may use the entity (so a ledger form can
 * offer workshops without the workshop page's permission).
 */
export function metaRoutes(app: FastifyInstance, def: EntityDef): void {
  const permission = codes(def, 'view', 'add', 'edit', 'import', 'export');
  app.get(
    metaPath(def),
    {
      config: { permission },
      schema: {
        tags: [def.name],
        summary: `${def.name}: metadata (fields with custom fields, labels, options)`,
        response: { 200: envelope(meta) },
      },
    },
    // req.me() inside the transaction: a read's principal is confirmed (and refreshed) as it opens.
    async (req) => req.tenant(async (tx) => ok(entityMeta(await readContext(tx, def, req.lang), req.me().permissions))),
  );

  app.get<{
    Params: { field: string };
    Querystring: { keyword?: string; within?: number; ids?: string; limit: number };
  }>(
    `${metaPath(def)}/options/:field`,
    {
      config: { permission },
      schema: {
        tags: [def.name],
        summary: `${def.name}: choices of a reference field`,
        params: { type: 'object', properties: { field: { type: 'string' } } },
        querystring: {
          type: 'object',
          properties: {
            keyword: { type: 'string' },
            /** For a dependent reference: the parent value the choices must belong to (a workshop's lines). */
            within: { type: 'integer', minimum: 1 },
            /** The choices with these ids only, deleted ones too (the labels of a form's current values). */
            ids: { type: 'string', pattern: '^[1-9][0-9]{0,15}(,[1-9][0-9]{0,15}){0,99}$' },
            limit: { type: 'integer', minimum: 1, maximum: 5000, default: 1000 },
          },
        },
        response: { 200: envelope(optionList) },
      },
    },
    async (req) => {
      const f = def.fields.find((x) => x.name === req.params.field && x.type === 'ref');
      if (!f) throw notFound();
      const target = refTarget(f.ref!);
      const code = target.codeColumn ? `r."${target.codeColumn}"` : 'null::text';
      const parent = treeParentColumn(f.ref!);
      const args: unknown[] = [];
      const extra = Object.entries(f.refWhere ?? {}).map(([c, v]) => {
        args.push(v);
        return ` and r."${c}" = $${args.length + 1}`;
      });
      if (f.within && req.query.within !== undefined) {
        args.push(req.query.within);
        extra.push(` and ${withinCondition(f, 'r', `$${args.length + 1}`)}`);
      }
      if (req.query.ids) {
        const ids = req.query.ids.split(',');
        const rows = await req.tenant((tx) =>
          tx.query<WireRow>(
            `select r.id as value, r."${target.nameColumn}" as label, ${code} as code${parent ? `, r."${parent}" as parent` : ''}
               from "${target.table}" r where r.tenant_id = $1 and r.id = any($2::bigint[]) order by r.id`,
            [tx.tenantId, ids],
          ),
        );
        return ok(rows.rows);
      }
      const keyword = req.query.keyword?.trim();
      let search = '';
      if (keyword) {
        args.push(`%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        search = ` and (r."${target.nameColumn}" ilike $${args.length + 1} or ${code} ilike $${args.length + 1})`;
      }
      args.push(req.query.limit);
      const rows = await req.tenant((tx) =>
        tx.query<WireRow>(
          `select r.id as value, r."${target.nameColumn}" as label, ${code} as code${parent ? `, r."${parent}" as parent` : ''}
            from "${target.table}" r
            where r.tenant_id = $1 and ${liveCondition(target, 'r')}${extra.join('')}${search}
            order by r."${target.nameColumn}", r.id limit $${args.length + 1}`,
          [tx.tenantId, ...args],
        ),
      );
      return ok(rows.rows);
    },
  );
}
