import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ok, page } from '../http/envelope.js';
import { forbidden } from '../http/errors.js';
import { uploadBody, uploadedFile } from '../http/upload.js';
import { t } from '../i18n/index.js';
import { importRows } from './import.js';
import { actionsOf, codes, pathsOf, restPath, templatePath } from './meta.js';
import { metaRoutes } from './meta-routes.js';
import { staticModel } from './model.js';
import { bodySchema, envelope, issueList, querySchema, recordSchema } from './openapi.js';
import type { QueryInput } from './query.js';
import { allRows, getRow, inScopeForWrite, memberReadContext, pageRows, readContext } from './read.js';
import { removeRows } from './remove.js';
import { analyzeAfterImport, exportQuery, fileLang, idsOf, queueExport, sendWorkbook } from './route-parts.js';
import { templateFile } from './template.js';
import type { EntityDef, RestMethod, WireRow } from './types.js';
import { createRow, updateRow } from './write.js';

function registerEntity(app: FastifyInstance, def: EntityDef): void {
  const model = staticModel(def);
  const actions = actionsOf(def);
  const tags = [def.name];
  const record = recordSchema(model);
  const read = codes(def, 'view', 'add', 'edit');
  const route = (
    action: (typeof actions)[number],
    method: 'GET' | 'POST',
    opts: object,
    handler: (req: FastifyRequest) => Promise<unknown>,
  ) => {
    if (!actions.includes(action)) return;
    for (const url of pathsOf(def, action)) app.route({ method, url, ...opts, handler });
  };

  const pageOpts = {
    config: { permission: read },
    schema: {
      tags,
      summary: `${def.name}: a page of records`,
      querystring: querySchema(model, true),
      response: { 200: envelope({ type: 'array', items: record }, true) },
    },
  };
  const pageHandler = (req: FastifyRequest) =>
    req.tenant(async (tx) => {
      const q = req.query as QueryInput & { page: number; limit: number };
      const r = await pageRows(tx, await memberReadContext(tx, def, req.lang), q, q.page, q.limit);
      return page(r.rows, r.count);
    });
  route('page', 'GET', pageOpts, pageHandler);

  route(
    'all',
    'GET',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: `${def.name}: every matching record (pick lists, trees); a page with its count when page is given`,
        querystring: querySchema(model, 'onRequest'),
        response: { 200: envelope({ type: 'array', items: record }, true) },
      },
    },
    (req) => {
      const q = req.query as QueryInput & { page?: number; limit: number };
      return q.page === undefined
        ? req.tenant(async (tx) => ok(await allRows(tx, await memberReadContext(tx, def, req.lang), q)))
        : pageHandler(req);
    },
  );

  route(
    'get',
    'GET',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: `${def.name}: one record`,
        querystring: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
        response: { 200: envelope(record) },
      },
    },
    (req) =>
      req.tenant(async (tx) =>
        ok(await getRow(tx, await memberReadContext(tx, def, req.lang), (req.query as WireRow).id)),
      ),
  );

  const writeResponse = { 200: envelope({ anyOf: [record, issueList] }) };
  route(
    'save',
    'POST',
    {
      config: { permission: codes(def, 'add', 'edit') },
      attachValidation: true,
      schema: {
        tags,
        summary: `${def.name}: create (or update when id is given)`,
        body: bodySchema(model, false),
        response: writeResponse,
      },
    },
    async (req) => {
      const body = (req.body ?? {}) as WireRow;
      const me = req.me();
      const editing = body.id !== undefined && body.id !== null && body.id !== '';
      if (!codes(def, editing ? 'edit' : 'add').some((c) => me.permissions.has(c)))
        throw forbidden('errors.noPermission', { code: codes(def, editing ? 'edit' : 'add').join(' | ') });
      return req.tenant(async (tx) => {
        if (!editing) return ok(await createRow(tx, await readContext(tx, def, req.lang), body));
        const ctx = await inScopeForWrite(tx, await memberReadContext(tx, def, req.lang), [body.id]);
        return ok(await updateRow(tx, ctx, body.id, body));
      });
    },
  );

  const updateOpts = {
    config: { permission: codes(def, 'edit') },
    attachValidation: true,
    schema: {
      tags,
      summary: `${def.name}: change fields of a record`,
      body: bodySchema(model, true),
      response: writeResponse,
    },
  };
  const updateHandler = (req: FastifyRequest) =>
    req.tenant(async (tx) => {
      const body = (req.body ?? {}) as WireRow;
      const ctx = await inScopeForWrite(tx, await memberReadContext(tx, def, req.lang), [body.id]);
      return ok(await updateRow(tx, ctx, body.id, body));
    });
  route('update', 'POST', updateOpts, updateHandler);

  const deleted = { 200: envelope({ type: 'object', properties: { deleted: { type: 'integer' } } }) };
  const delHandler = (req: FastifyRequest) =>
    req.tenant(async (tx) => {
      const ids = idsOf(req);
      const ctx = await inScopeForWrite(tx, await memberReadContext(tx, def, req.lang), ids);
      return ok({ deleted: await removeRows(tx, ctx, ids) });
    });
  route(
    'del',
    'POST',
    {
      config: { permission: codes(def, 'delete') },
      schema: {
        tags,
        summary: `${def.name}: delete records (refused while others reference them)`,
        body: {
          type: 'object',
          properties: { id: { type: 'integer' }, ids: { type: 'array', items: { type: 'integer' } } },
        },
        response: deleted,
      },
    },
    delHandler,
  );

  // The spec's REST names: the same handlers under their own methods.
  const rest: Record<RestMethod, { opts: object; handler: (req: FastifyRequest) => Promise<unknown> }> = {
    GET: { opts: pageOpts, handler: pageHandler },
    POST: {
      opts: {
        config: { permission: codes(def, 'add') },
        attachValidation: true,
        schema: {
          tags,
          summary: `${def.name}: create a record`,
          body: bodySchema(model, false),
          response: writeResponse,
        },
      },
      handler: (req) =>
        req.tenant(async (tx) => {
          const { id: _id, ...body } = (req.body ?? {}) as WireRow;
          return ok(await createRow(tx, await readContext(tx, def, req.lang), body));
        }),
    },
    PUT: { opts: updateOpts, handler: updateHandler },
    DELETE: {
      opts: {
        config: { permission: codes(def, 'delete') },
        schema: {
          tags,
          summary: `${def.name}: delete records (?ids=1,2 or a body with ids)`,
          response: deleted,
        },
      },
      handler: delHandler,
    },
  };
  const restAction = { GET: 'page', POST: 'save', PUT: 'update', DELETE: 'del' } as const;
  for (const [method, name] of Object.entries(def.rest ?? {}) as [RestMethod, string][])
    if (actions.includes(restAction[method]))
      app.route({ method, url: restPath(def, name), ...rest[method].opts, handler: rest[method].handler });

  route(
    'importexcel',
    'POST',
    {
      config: { permission: codes(def, 'import') },
      schema: {
        tags,
        summary: `${def.name}: import an .xlsx file (multipart field "file"); any bad row imports nothing`,
        consumes: ['multipart/form-data'],
        body: uploadBody('the .xlsx file'),
        response: {
          200: envelope({ anyOf: [{ type: 'object', properties: { count: { type: 'integer' } } }, issueList] }),
        },
      },
    },
    async (req) => {
      const data = await uploadedFile(req);
      const count = await req.tenant(async (tx) => importRows(tx, await readContext(tx, def, req.lang), data));
      analyzeAfterImport(app, def.table, count);
      return ok({ count }, t(req.lang, 'resources.imported', { count }));
    },
  );

  route(
    'exportexcel',
    'POST',
    {
      config: { permission: codes(def, 'export') },
      schema: {
        tags,
        summary: `${def.name}: export the matching records to "My downloads" (filters as in page)`,
        querystring: querySchema(model, false),
        response: { 200: envelope({ type: 'object', properties: { id: { type: 'integer' } } }) },
      },
    },
    async (req) => {
      const me = req.me();
      const id = await req.tenant(async (tx) => {
        const ctx = await readContext(tx, def, req.lang);
        return queueExport(app, tx, ctx, me.userId, exportQuery(req, tx, ctx));
      });
      app.jobs.wake();
      return ok({ id }, t(req.lang, 'resources.exportQueued'));
    },
  );

  if (actions.includes('importexcel')) {
    app.get(
      templatePath(def),
      {
        // A plain download link: the token may ride in the query.
        config: { permission: codes(def, 'import', 'view'), queryToken: true },
        schema: {
          tags,
          summary: `${def.name}: the import template (.xlsx, headers in the caller's language; ?lang=zh|en|tw)`,
          querystring: { type: 'object', properties: { lang: { type: 'string' } } },
        },
      },
      async (req, reply) => {
        const lang = fileLang(req);
        const { data, title } = await req.tenant(async (tx) => {
          const ctx = await readContext(tx, def, lang);
          return { data: await templateFile(tx, ctx), title: ctx.model.title(lang) };
        });
        return sendWorkbook(reply, title, data);
      },
    );
  }
  metaRoutes(app, def);
}

/** A domain's plugin for its declared entities: every route of each, behind its permission codes. */
export const resourceRoutes =
  (defs: readonly EntityDef[]): FastifyPluginAsync =>
  async (app) => {
    for (const def of defs) registerEntity(app, def);
  };
