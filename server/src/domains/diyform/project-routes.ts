import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { forbidden } from '../../platform/http/errors.js';
import { anyEnvelope } from '../../platform/resources/openapi.js';
import { resourceRoutes } from '../../platform/resources/routes.js';
import { workflowRoutes } from '../../platform/workflow/routes.js';
import { performProject, projectFormInfo, projectView, saveProject } from './project.js';
import { PJ, projectEntity } from './project-resources.js';

const id = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER };
const values = { type: 'object', additionalProperties: true };

/**
 * Projects (spec 2.5 /project/projectSaveAdd, Edit, Look, Perform, Audit): the list and steps of the engine, a
 * project with its form's values, adding and editing the plan, filling in the execution fields.
 */
export async function projectRoutes(app: FastifyInstance): Promise<void> {
  await app.register(resourceRoutes([projectEntity]));
  await app.register(workflowRoutes([projectEntity]));

  app.get<{ Querystring: { id: number } }>(
    '/api-manage/project/view',
    {
      config: { permission: [PJ.view, PJ.add, PJ.edit, PJ.execute, PJ.audit] },
      schema: {
        tags: ['formproject'],
        summary: "formproject: a project with its form's code, execution fields and values",
        querystring: { type: 'object', required: ['id'], properties: { id } },
        response: { 200: anyEnvelope },
      },
    },
    (req) => req.tenant(async (tx) => ok(await projectView(tx, req.lang, req.query.id))),
  );

  app.get<{ Querystring: { formId?: number; code?: string } }>(
    '/api-manage/project/form',
    {
      config: { permission: [PJ.view, PJ.add, PJ.edit] },
      schema: {
        tags: ['formproject'],
        summary:
          'formproject: the id, code and execution fields of a project form by id or code (its fields: /api-manage/meta/form/<code>)',
        querystring: {
          type: 'object',
          properties: { formId: id, code: { type: 'string', minLength: 1, maxLength: 40 } },
        },
        response: { 200: anyEnvelope },
      },
    },
    (req) => req.tenant(async (tx) => ok(await projectFormInfo(tx, req.lang, req.query))),
  );

  app.post<{ Body: Record<string, unknown> }>(
    '/api-manage/project/save',
    {
      config: { permission: [PJ.add, PJ.edit] },
      schema: {
        tags: ['formproject'],
        summary: 'formproject: add a project (its plan values in a new record of its form), or edit a planned one',
        body: {
          type: 'object',
          properties: {
            id,
            formId: id,
            name: { type: 'string', maxLength: 100 },
            assigneeId: { anyOf: [id, { type: 'null' }] },
            planFinish: { anyOf: [{ type: 'string', maxLength: 30 }, { type: 'null' }] },
            values,
          },
        },
        response: { 200: anyEnvelope },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const editing = req.body?.id !== undefined && req.body?.id !== null;
        const needed = editing ? PJ.edit : PJ.add;
        if (!req.me().permissions.has(needed)) throw forbidden('errors.noPermission', { code: needed });
        return ok(await saveProject(tx, req.lang, req.body ?? {}));
      }),
  );

  app.post<{ Body: Record<string, unknown> }>(
    '/api-manage/project/perform',
    {
      config: { permission: PJ.execute },
      schema: {
        tags: ['formproject'],
        summary: 'formproject: fill in the execution fields of a project being executed',
        body: { type: 'object', required: ['id'], properties: { id, values } },
        response: { 200: anyEnvelope },
      },
    },
    (req) => req.tenant(async (tx) => ok(await performProject(tx, req.lang, req.body))),
  );
}
