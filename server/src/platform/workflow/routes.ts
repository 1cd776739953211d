import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ok } from '../http/envelope.js';
import { businessError, invalid, notFound } from '../http/errors.js';
import { t } from '../i18n/index.js';
import { codes } from '../resources/meta.js';
import { staticModel } from '../resources/model.js';
import { bodySchema, envelope, issueList, recordSchema } from '../resources/openapi.js';
import { codeList } from '../resources/permit.js';
import { findRow, inScopeForWrite, memberReadContext } from '../resources/read.js';
import type { EntityDef, WireRow } from '../resources/types.js';
import { actionLabel, stateLabel } from './labels.js';
import { inputModel, runAction, workflowOf } from './run.js';
import { timeline, timelineSchema } from './timeline.js';

const permissionOf = (p: string | readonly string[]): string[] => [...codeList(p)];

/**
 * An action's body with its schema's checks kept (attachValidation) for the id and the status alone: the engine
 * checks the inputs and the comment, naming each by its label in the reader's language. When the schema found
 * fault with an input, the id (and the status) are checked here, as the schema would have.
 */
function actionBody(req: FastifyRequest, states?: readonly string[]): WireRow & { id: number } {
  const body = req.body as WireRow;
  const err = req.validationError;
  if (!err) return body as WireRow & { id: number };
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw err;
  const id = typeof body.id === 'string' && /^\d+$/.test(body.id) ? Number(body.id) : body.id;
  if (id === undefined || id === null) throw invalid('id', 'errors.validation.required', { field: 'id' });
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1)
    throw invalid('id', 'errors.validation.type', { field: 'id' });
  if (states && !states.includes(String(body.status)))
    throw invalid('status', body.status == null ? 'errors.validation.required' : 'errors.validation.enum', {
      field: 'status',
    });
  return { ...body, id };
}

/** The action routes of a document (POST <prefix>/<action>) and its timeline (GET <prefix>/steps?id=). */
function registerWorkflow(app: FastifyInstance, def: EntityDef): void {
  const wf = workflowOf(def);
  const record = recordSchema(staticModel(def));
  for (const action of wf.actions) {
    if (action.internal) continue;
    const input = bodySchema(inputModel(def, action), true) as { properties: Record<string, unknown> };
    app.post<{ Body: WireRow & { id: number } }>(
      `${def.prefix}/${action.name}`,
      {
        config: { permission: permissionOf(action.permission) },
        // The inputs are the engine's to check, which names each field in the reader's language (actionBody).
        attachValidation: true,
        schema: {
          tags: [def.name],
          summary: `${def.name}: ${action.name} (from ${action.from.join(', ')} to ${action.to})`,
          body: {
            type: 'object',
            required: ['id'],
            additionalProperties: true,
            properties: {
              ...input.properties,
              id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
              comment: { type: 'string', maxLength: 2000 },
            },
          },
          response: { 200: envelope({ anyOf: [record, issueList] }) },
        },
      },
      async (req) => {
        const body = actionBody(req);
        const row = await req.tenant(async (tx) => {
          const ctx = await inScopeForWrite(tx, await memberReadContext(tx, def, req.lang), [body.id]);
          return runAction(tx, def, action.name, body.id, body, req.lang, { ctx });
        });
        return ok(
          row,
          t(req.lang, action.done ?? 'workflow.done', { action: actionLabel(def, action.name, req.lang) }),
        );
      },
    );
  }
  if (wf.statusCall) registerStatusCall(app, def);
  app.get<{ Querystring: { id: number } }>(
    `${def.prefix}/steps`,
    {
      config: { permission: codes(def, 'view', 'add', 'edit') },
      schema: {
        tags: [def.name],
        summary: `${def.name}: the timeline of a document (every step, who, when, comment) and its running approval`,
        querystring: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
        },
        response: { 200: envelope(timelineSchema) },
      },
    },
    (req) => req.tenant(async (tx) => ok(await timeline(tx, def, req.query.id, req.lang))),
  );
}

/**
 * POST <prefix>/updatestatus { id, status }: the one declared action from the document's current state to the
 * status asked for, run as if called by name (permission, guard, required inputs, timeline); no such action is
 * refused naming both states.
 */
function registerStatusCall(app: FastifyInstance, def: EntityDef): void {
  const wf = workflowOf(def);
  const actions = wf.actions.filter((a) => !a.internal);
  const states = def.fields.find((f) => f.name === wf.stateField)?.options?.map(String) ?? [];
  app.post<{ Body: WireRow & { id: number; status: string } }>(
    `${def.prefix}/updatestatus`,
    {
      config: { permission: [...new Set(actions.flatMap((a) => permissionOf(a.permission)))] },
      schema: {
        tags: [def.name],
        summary: `${def.name}: move to a status by the declared action that leads there from the current one`,
        body: {
          type: 'object',
          required: ['id', 'status'],
          additionalProperties: true,
          properties: {
            id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
            status: { type: 'string', enum: states },
            comment: { type: 'string', maxLength: 2000 },
          },
        },
        response: { 200: envelope({ anyOf: [recordSchema(staticModel(def)), issueList] }) },
      },
      attachValidation: true,
    },
    (req) => {
      const body = actionBody(req, states) as WireRow & { id: number; status: string };
      return req.tenant(async (tx) => {
        const ctx = await inScopeForWrite(tx, await memberReadContext(tx, def, req.lang), [body.id]);
        const row = await findRow(tx, ctx, body.id);
        if (!row) throw notFound();
        const from = String(row[wf.stateField]);
        const action = actions.find((a) => a.from.includes(from) && a.to === body.status && a.to !== from);
        if (!action)
          throw businessError('workflow.noTransition', {
            from: stateLabel(ctx, from, req.lang),
            to: stateLabel(ctx, body.status, req.lang),
          });
        const after = await runAction(tx, def, action.name, body.id, body, req.lang, { ctx });
        return ok(
          after,
          t(req.lang, action.done ?? 'workflow.done', { action: actionLabel(def, action.name, req.lang) }),
        );
      });
    },
  );
}

/** A domain's plugin for the workflows of its declared documents. */
export const workflowRoutes =
  (defs: readonly EntityDef[]): FastifyPluginAsync =>
  async (app) => {
    for (const def of defs) registerWorkflow(app, def);
  };
