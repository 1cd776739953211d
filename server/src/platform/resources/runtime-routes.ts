import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Principal } from '../auth/principal.js';
import { ok, page } from '../http/envelope.js';
import { forbidden } from '../http/errors.js';
import { uploadBody, uploadedFile } from '../http/upload.js';
import { type Lang, t } from '../i18n/index.js';
import type { TenantTx } from '../tenancy/tenant-tx.js';
import { importRows } from './import.js';
import { actionsOf, codes, entityMeta } from './meta.js';
import { staticModel } from './model.js';
import { anyEnvelope, bodySchema, envelope, querySchema, recordSchema } from './openapi.js';
import type { QueryInput } from './query.js';
import { allRows, getRow, pageRows, type ReadContext, readContext } from './read.js';
import type { RuntimeEntities } from './registry.js';
import { removeRows } from './remove.js';
import { analyzeAfterImport, exportQuery, fileLang, idsOf, queueExport, sendWorkbook } from './route-parts.js';
import { templateFile } from './template.js';
import type { Action, EntityDef, PermissionKind, WireRow } from './types.js';
import { createRow, updateRow } from './write.js';

type Req = FastifyRequest;

function allow(def: EntityDef, me: Principal, kinds: PermissionKind[]): void {
  const needed = codes(def, ...kinds);
  if (!needed.some((c) => me.permissions.has(c))) throw forbidden('errors.noPermission', { code: needed.join(' | ') });
}

/** Keyword search needs a name field; a member without one ignores the keyword. */
const cleanQuery = (def: EntityDef, q: QueryInput): QueryInput => {
  if (def.nameField || def.codeField || q.keyword === undefined) return q;
  const { keyword: _k, ...rest } = q;
  return rest;
};

/**
 * The routes of a family of runtime entities (registry.ts RuntimeEntities), the same as routes.ts gives a
 * declared entity, under the family's pattern: /api-manage/<pattern>/<action>, /api-manage/meta/<pattern>
 * and /api-file/statics/template/file/<pattern>.xlsx. Each request resolves its member for the caller's
 * tenant, then checks the member's permission codes (routes declare `checksPermission`).
 */
export const runtimeRoutes =
  (family: RuntimeEntities): FastifyPluginAsync =>
  async (app) => {
    const shape = family.shape;
    const model = staticModel(shape);
    const actions = actionsOf(shape);
    const tags = [shape.name];
    const record = recordSchema(model);
    const base = `/api-manage/${family.pattern}`;
    const params = {
      type: 'object',
      properties: Object.fromEntries(
        family.pattern
          .split('/')
          .filter((p) => p.startsWith(':'))
          .map((p) => [p.slice(1), { type: 'string', maxLength: 100 }]),
      ),
    };
    const config = { checksPermission: true };

    /** Resolves the member, checks the caller may do one of `kinds`, and runs fn in the tenant transaction. */
    const withMember = <T>(
      req: Req,
      kinds: PermissionKind[],
      fn: (tx: TenantTx, ctx: ReadContext) => Promise<T>,
      lang: Lang = req.lang,
    ): Promise<T> => {
      return req.tenant(async (tx) => {
        const def = await family.resolve(tx, req.params as Record<string, string>, lang);
        // Inside the transaction: a read's principal is confirmed (and refreshed) as it opens.
        allow(def, req.me(), kinds);
        return fn(tx, await readContext(tx, def, lang));
      });
    };

    const route = (action: Action, method: 'GET' | 'POST', schema: object, handler: (req: Req) => Promise<unknown>) => {
      if (!actions.includes(action)) return;
      // Save and update leave body checks to the engine, which names the field.
      const attachValidation = action === 'save' || action === 'update';
      app.route({
        method,
        url: `${base}/${action}`,
        config,
        attachValidation,
        schema: { tags, params, ...schema },
        handler,
      });
    };
    const read: PermissionKind[] = ['view', 'add', 'edit'];

    route(
      'page',
      'GET',
      {
        summary: `${shape.name}: a page of records`,
        querystring: querySchema(model, true),
        response: { 200: envelope({ type: 'array', items: record }, true) },
      },
      (req) =>
        withMember(req, read, async (tx, ctx) => {
          const q = cleanQuery(ctx.model.def, req.query as QueryInput) as QueryInput & { page: number; limit: number };
          const r = await pageRows(tx, ctx, q, q.page, q.limit);
          return page(r.rows, r.count);
        }),
    );

    route(
      'all',
      'GET',
      {
        summary: `${shape.name}: every matching record`,
        querystring: querySchema(model, false),
        response: { 200: envelope({ type: 'array', items: record }) },
      },
      (req) =>
        withMember(req, read, async (tx, ctx) =>
          ok(await allRows(tx, ctx, cleanQuery(ctx.model.def, req.query as QueryInput))),
        ),
    );

    route(
      'get',
      'GET',
      {
        summary: `${shape.name}: one record`,
        querystring: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
        response: { 200: envelope(record) },
      },
      (req) => withMember(req, read, async (tx, ctx) => ok(await getRow(tx, ctx, (req.query as WireRow).id))),
    );

    route(
      'save',
      'POST',
      { summary: `${shape.name}: create (or update when id is given)`, body: bodySchema(model, false) },
      (req) => {
        const body = (req.body ?? {}) as WireRow;
        const editing = body.id !== undefined && body.id !== null && body.id !== '';
        return withMember(req, [editing ? 'edit' : 'add'], async (tx, ctx) =>
          ok(editing ? await updateRow(tx, ctx, body.id, body) : await createRow(tx, ctx, body)),
        );
      },
    );

    route(
      'update',
      'POST',
      { summary: `${shape.name}: change fields of a record`, body: bodySchema(model, true) },
      (req) => {
        const body = (req.body ?? {}) as WireRow;
        return withMember(req, ['edit'], async (tx, ctx) => ok(await updateRow(tx, ctx, body.id, body)));
      },
    );

    route(
      'del',
      'POST',
      {
        summary: `${shape.name}: delete records`,
        body: {
          type: 'object',
          properties: { id: { type: 'integer' }, ids: { type: 'array', items: { type: 'integer' } } },
        },
        response: { 200: envelope({ type: 'object', properties: { deleted: { type: 'integer' } } }) },
      },
      (req) => withMember(req, ['delete'], async (tx, ctx) => ok({ deleted: await removeRows(tx, ctx, idsOf(req)) })),
    );

    route(
      'importexcel',
      'POST',
      {
        summary: `${shape.name}: import an .xlsx file (multipart field "file"); any bad row imports nothing`,
        consumes: ['multipart/form-data'],
        body: uploadBody('the .xlsx file'),
        response: { 200: anyEnvelope },
      },
      async (req) => {
        // The permission is checked before the upload is read.
        await withMember(req, ['import'], async () => undefined);
        const data = await uploadedFile(req);
        const { count, table } = await withMember(req, ['import'], async (tx, ctx) => ({
          count: await importRows(tx, ctx, data),
          table: ctx.model.def.table,
        }));
        analyzeAfterImport(app, table, count);
        return ok({ count }, t(req.lang, 'resources.imported', { count }));
      },
    );

    route(
      'exportexcel',
      'POST',
      {
        summary: `${shape.name}: export the matching records to "My downloads"`,
        querystring: querySchema(model, false),
        response: { 200: envelope({ type: 'object', properties: { id: { type: 'integer' } } }) },
      },
      async (req) => {
        const me = req.me();
        const id = await withMember(req, ['export'], (tx, ctx) =>
          queueExport(app, tx, ctx, me.userId, cleanQuery(ctx.model.def, exportQuery(req, tx, ctx))),
        );
        app.jobs.wake();
        return ok({ id }, t(req.lang, 'resources.exportQueued'));
      },
    );

    if (actions.includes('importexcel')) {
      app.get(
        `/api-file/statics/template/file/${family.pattern}.xlsx`,
        {
          // A plain download link: the token may ride in the query.
          config: { ...config, queryToken: true },
          schema: {
            tags,
            params,
            summary: `${shape.name}: the import template (.xlsx; ?lang=zh|en|tw)`,
            querystring: { type: 'object', properties: { lang: { type: 'string' } } },
          },
        },
        async (req, reply) => {
          const lang = fileLang(req);
          const { data, title } = await withMember(
            req,
            ['import', 'view'],
            async (tx, ctx) => ({ data: await templateFile(tx, ctx), title: ctx.model.title(lang) }),
            lang,
          );
          return sendWorkbook(reply, title, data);
        },
      );
    }

    app.get(
      `/api-manage/meta/${family.pattern}`,
      {
        config,
        schema: {
          tags,
          params,
          summary: `${shape.name}: metadata (fields, labels, options, what the caller may do)`,
          response: { 200: envelope({ type: 'object', additionalProperties: true }) },
        },
      },
      (req) =>
        withMember(req, ['view', 'add', 'edit', 'import', 'export'], async (_tx, ctx) =>
          ok(entityMeta(ctx, req.me().permissions)),
        ),
    );
  };
