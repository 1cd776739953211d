import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { MAX_ID } from '../../platform/http/input-guard.js';
import { t } from '../../platform/i18n/index.js';
import { staticModel } from '../../platform/resources/model.js';
import { anyEnvelope, envelope, recordSchema } from '../../platform/resources/openapi.js';
import { resourceRoutes } from '../../platform/resources/routes.js';
import type { WireRow } from '../../platform/resources/types.js';
import { workflowRoutes } from '../../platform/workflow/routes.js';
import { explode, whereUsed } from './bom.js';
import { mesNotifyRoutes } from './mes-notify-routes.js';
import { orderEntities, orderEntity, workReportEntity } from './orders.js';
import { P } from './permissions.js';
import { productionReports } from './report-routes.js';
import { deleteReports, orderProgress, reportWork } from './reporting.js';
import { masterEntities } from './resources.js';
import { saveSteps } from './routing.js';
import { scanCode } from './scan.js';
import { runSchedule } from './schedule-run.js';
import { MAX_PARTS, splitOrder } from './split.js';
import { materialIssueEntity } from './stock-resources.js';
import { moveTask, scheduleBoard } from './task-move.js';

const id = { type: 'integer', minimum: 1, maximum: MAX_ID } as const;
const rows = envelope({ type: 'array', items: { type: 'object', additionalProperties: true } });
const qtyText = { type: ['number', 'string'], maxLength: 20 } as const;

/** Production (spec 1, 7.6 /api-pm, /api-plantask, /api-proreport; 7.4 work centres; 4 work-order split). */
export const productionRoutes: FastifyPluginAsync = async (app) => {
  await app.register(resourceRoutes([...masterEntities, ...orderEntities, materialIssueEntity]));
  await app.register(workflowRoutes([orderEntity]));
  await app.register(mesNotifyRoutes);
  await app.register(productionReports);

  app.post<{ Body: { id: number; quantities: (number | string)[] } }>(
    '/api-pm/planWork/split',
    {
      config: { permission: [P.split] },
      schema: {
        tags: [orderEntity.name],
        summary: 'workorder: split a planned order into several whose quantities add up to it',
        body: {
          type: 'object',
          required: ['id', 'quantities'],
          properties: { id, quantities: { type: 'array', maxItems: MAX_PARTS, items: qtyText } },
        },
        response: { 200: rows },
      },
    },
    async (req) => {
      const parts = await req.tenant((tx) => splitOrder(tx, req.lang, req.body.id, req.body.quantities));
      return ok(parts, t(req.lang, 'production.messages.split', { count: parts.length }));
    },
  );

  app.get<{ Querystring: { id: number } }>(
    '/api-pm/planWork/progress',
    {
      config: { permission: [P.orderView, P.report, P.reportView] },
      schema: {
        tags: [orderEntity.name],
        summary: "workorder: the order's progress per procedure",
        querystring: { type: 'object', required: ['id'], properties: { id } },
        response: { 200: rows },
      },
    },
    (req) => req.tenant(async (tx) => ok(await orderProgress(tx, req.query.id))),
  );

  app.get<{ Querystring: { materialId: number; quantity?: number } }>(
    '/api-pm/planWorkBom/tree',
    {
      config: { permission: [P.bomView, P.orderView] },
      schema: {
        tags: ['bom'],
        summary: 'bom: the exploded tree of a product (current BOMs, every level, per the quantity)',
        querystring: {
          type: 'object',
          required: ['materialId'],
          properties: { materialId: id, quantity: { type: 'number', minimum: 0.0001, maximum: 1_000_000_000 } },
        },
        response: { 200: rows },
      },
    },
    (req) => req.tenant(async (tx) => ok(await explode(tx, req.query.materialId, req.query.quantity ?? 1))),
  );

  app.get<{ Querystring: { materialId: number } }>(
    '/api-pm/planWorkBom/whereUsed',
    {
      config: { permission: [P.bomView] },
      schema: {
        tags: ['bom'],
        summary: 'bom: where a material is used, up to the top products',
        querystring: { type: 'object', required: ['materialId'], properties: { materialId: id } },
        response: { 200: rows },
      },
    },
    (req) => req.tenant(async (tx) => ok(await whereUsed(tx, req.query.materialId))),
  );

  app.post<{ Body: { id: number; steps: { procedureId: number; repeatReason?: string }[]; layout?: unknown } }>(
    '/api-pm/tecProcessMain/saveSteps',
    {
      config: { permission: [P.routingDesign, 'production:routing:edit'] },
      schema: {
        tags: ['routing'],
        summary: "routing: replace a routing's steps (in order) and its drawing, from the flow editor",
        body: {
          type: 'object',
          required: ['id', 'steps'],
          properties: {
            id,
            steps: {
              type: 'array',
              maxItems: 200,
              items: {
                type: 'object',
                required: ['procedureId'],
                properties: { procedureId: id, repeatReason: { type: 'string', maxLength: 200 } },
              },
            },
            layout: { type: 'object', additionalProperties: true },
          },
        },
        response: { 200: anyEnvelope },
      },
    },
    async (req) => {
      const row = await req.tenant((tx) => saveSteps(tx, req.lang, req.body));
      return ok(row, t(req.lang, 'production.messages.stepsSaved'));
    },
  );

  app.post<{ Body: { from?: string; days?: number } }>(
    '/api-plantask/planTask/schedule',
    {
      config: { permission: [P.schedule] },
      schema: {
        tags: ['plantask'],
        summary: 'plantask: schedule the waiting tasks of released orders on stations and shifts',
        body: {
          type: 'object',
          properties: { from: { type: 'string', maxLength: 10 }, days: { type: 'integer', minimum: 1, maximum: 31 } },
        },
        response: { 200: anyEnvelope },
      },
    },
    async (req) => {
      const r = await req.tenant((tx) => runSchedule(tx, req.lang, req.body ?? {}));
      return ok(r, t(req.lang, 'production.messages.scheduled', { ...r }));
    },
  );

  app.post<{ Body: { id: number; stationId: number; start: string } }>(
    '/api-plantask/planTask/move',
    {
      config: { permission: [P.schedule] },
      schema: {
        tags: ['plantask'],
        summary:
          'plantask: move a task to a station and start (the schedule board), checked against shifts and repairs',
        body: {
          type: 'object',
          required: ['id', 'stationId', 'start'],
          properties: { id, stationId: id, start: { type: 'string', minLength: 1, maxLength: 40 } },
        },
        response: { 200: anyEnvelope },
      },
    },
    async (req) => {
      const row = await req.tenant((tx) => moveTask(tx, req.lang, req.body));
      return ok(row, t(req.lang, 'production.messages.taskMoved'));
    },
  );

  app.get<{ Querystring: { day?: string } }>(
    '/api-plantask/planTask/board',
    {
      config: { permission: [P.taskView, P.schedule] },
      schema: {
        tags: ['plantask'],
        summary: "plantask: a day's schedule board: stations, their shifts and repairs, the tasks planned",
        querystring: {
          type: 'object',
          properties: { day: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 } },
        },
        response: { 200: anyEnvelope },
      },
    },
    (req) => req.tenant(async (tx) => ok(await scheduleBoard(tx, req.query.day ?? null))),
  );

  app.post<{ Body: WireRow }>(
    '/api-proreport/workReport/save',
    {
      config: { permission: [P.report] },
      schema: {
        tags: [workReportEntity.name],
        summary: 'workreport: report good and scrapped quantities of a plan task (报工)',
        body: {
          type: 'object',
          required: ['planTaskId'],
          additionalProperties: true,
          properties: { planTaskId: id, clientKey: { type: 'string', maxLength: 64 } },
        },
        response: { 200: envelope(recordSchema(staticModel(workReportEntity))) },
      },
    },
    async (req) => {
      const row = await req.tenant((tx) => reportWork(tx, req.lang, req.body ?? {}));
      return ok(row, t(req.lang, 'production.messages.reported'));
    },
  );

  app.post<{ Body: { ids?: number[]; id?: number } }>(
    '/api-proreport/workReport/del',
    {
      config: { permission: [P.report] },
      schema: {
        tags: [workReportEntity.name],
        summary: 'workreport: delete reports made in error; their tasks and orders are counted again',
        body: {
          type: 'object',
          properties: { id, ids: { type: 'array', minItems: 1, maxItems: 500, items: id } },
        },
        response: { 200: anyEnvelope },
      },
    },
    async (req) => {
      const ids = req.body?.ids ?? (req.body?.id ? [req.body.id] : []);
      const n = await req.tenant((tx) => deleteReports(tx, req.lang, ids));
      return ok({ count: n }, t(req.lang, 'production.messages.reportsDeleted', { count: n }));
    },
  );

  app.get<{ Querystring: { code: string } }>(
    '/api-proreport/scan',
    {
      config: { permission: [P.report] },
      schema: {
        tags: [workReportEntity.name],
        summary: "workreport: the tasks open for reports behind a scanned order's or station's code",
        querystring: {
          type: 'object',
          required: ['code'],
          properties: { code: { type: 'string', minLength: 1, maxLength: 200 } },
        },
        response: { 200: anyEnvelope },
      },
    },
    (req) => req.tenant(async (tx) => ok(await scanCode(tx, req.query.code))),
  );
};
