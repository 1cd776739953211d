import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { notFound } from '../../platform/http/errors.js';
import { uploadBody, uploadedFile } from '../../platform/http/upload.js';
import { isLang, t } from '../../platform/i18n/index.js';
import { markInSteps } from '../../platform/jobs/runner.js';
import { staticModel } from '../../platform/resources/model.js';
import { bodySchema, envelope, issueList, recordSchema } from '../../platform/resources/openapi.js';
import { sendWorkbook } from '../../platform/resources/route-parts.js';
import { resourceRoutes } from '../../platform/resources/routes.js';
import type { WireRow } from '../../platform/resources/types.js';
import { workflowRoutes } from '../../platform/workflow/routes.js';
import { experienceEntity } from './experience-resources.js';
import { experienceRoutes } from './experience-routes.js';
import { historyTemplate, importHistory } from './history-import.js';
import './demo.js';
import { assigneesOf, onDutyNow } from './on-duty.js';
import { notifyOverdue } from './overdue.js';
import { P } from './permissions.js';
import { publicReportRoutes } from './public-routes.js';
import { reportRepair } from './report.js';
import { OPEN_STATES, repairEntities, repairEntity } from './resources.js';

/** Repair orders (spec 7.5 maintaintask): the engine's routes, the workflow's actions, report and board. */
export const repairRoutes: FastifyPluginAsync = async (app) => {
  await app.register(resourceRoutes([...repairEntities, experienceEntity]));
  await app.register(experienceRoutes);
  await app.register(publicReportRoutes);
  await app.register(workflowRoutes([repairEntity]));
  // In small transactions (see everyTenant and markInSteps).
  app.jobs.everyTenant<{ marked?: number }>('repair.overdue', 60, (tx, step) =>
    markInSteps(step, (n) => notifyOverdue(tx, n)),
  );

  const model = staticModel(repairEntity);
  app.post<{ Body: WireRow }>(
    '/api-manage/maintaintask/save',
    {
      config: { permission: P.add },
      attachValidation: true,
      schema: {
        tags: [repairEntity.name],
        summary:
          'maintaintask: report a breakdown (numbered, placed, deadlines set, handed to the work group of the line)',
        body: bodySchema(model, false),
        response: { 200: envelope(recordSchema(model)) },
      },
    },
    async (req) => {
      const me = req.me();
      const row = await req.tenant((tx) => reportRepair(tx, req.body ?? {}, req.lang, me.userId));
      return ok(row, t(req.lang, 'repair.messages.reported', { code: row.code }));
    },
  );

  app.post(
    '/api-manage/maintaintask/importHistory',
    {
      // Recording finished and accepted work is for who accepts work.
      config: { permission: P.audit },
      schema: {
        tags: [repairEntity.name],
        summary:
          'maintaintask: import closed orders of the past (.xlsx, multipart field "file"); any bad row imports nothing',
        consumes: ['multipart/form-data'],
        body: uploadBody('the .xlsx file of the history template'),
        response: {
          200: envelope({ anyOf: [{ type: 'object', properties: { count: { type: 'integer' } } }, issueList] }),
        },
      },
    },
    async (req) => {
      const data = await uploadedFile(req);
      const count = await req.tenant((tx) => importHistory(tx, data, req.lang));
      return ok({ count }, t(req.lang, 'resources.imported', { count }));
    },
  );

  app.get<{ Querystring: { lang?: string } }>(
    '/api-manage/maintaintask/historyTemplate',
    {
      config: { permission: P.audit, queryToken: true },
      schema: {
        tags: [repairEntity.name],
        summary: "maintaintask: the history import template (.xlsx in the caller's language; ?lang=zh|en|tw)",
        querystring: { type: 'object', properties: { lang: { type: 'string', maxLength: 10 } } },
      },
    },
    async (req, reply) => {
      const lang = isLang(req.query.lang) ? req.query.lang : req.lang;
      return sendWorkbook(reply, t(lang, 'repair.history.title'), await historyTemplate(lang));
    },
  );

  app.get<{ Querystring: { workshopId?: number } }>(
    '/api-manage/maintaintask/board',
    {
      config: { permission: [P.view] },
      schema: {
        tags: [repairEntity.name],
        summary: 'maintaintask: open orders by state per workshop (counts, overdue, stopped machines)',
        querystring: {
          type: 'object',
          properties: { workshopId: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
        },
        response: { 200: envelope({ type: 'array', items: { type: 'object', additionalProperties: true } }) },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const r = await tx.query<{
          workshop_id: number | null;
          workshop_name: string | null;
          state: string;
          n: string;
          overdue: string;
          stopped: string;
        }>(
          `select o.workshop_id, w.workshopname as workshop_name, o.state, count(*) as n,
                  count(*) filter (where coalesce(o.plan_finish, o.due_at) < now()
                    or (o.state in ('reported', 'dispatched') and o.respond_by < now())) as overdue,
                  count(*) filter (where o.stopped) as stopped
             from repair_orders o left join workshops w on w.tenant_id = o.tenant_id and w.id = o.workshop_id
            where o.tenant_id = $1 and o.state = any($2::text[]) and ($3::bigint is null or o.workshop_id = $3)
            group by o.workshop_id, w.workshopname, o.state order by w.workshopname nulls last, o.state`,
          [tx.tenantId, [...OPEN_STATES], req.query.workshopId ?? null],
        );
        const byWorkshop = new Map<string, WireRow & { states: Record<string, number> }>();
        for (const row of r.rows) {
          const key = String(row.workshop_id ?? 0);
          const w = byWorkshop.get(key) ?? {
            workshopId: row.workshop_id === null ? null : Number(row.workshop_id),
            workshopName: row.workshop_name,
            states: Object.fromEntries(OPEN_STATES.map((s) => [s, 0])),
            total: 0,
            overdue: 0,
            stopped: 0,
          };
          w.states[row.state] = Number(row.n);
          w.total = Number(w.total) + Number(row.n);
          w.overdue = Number(w.overdue) + Number(row.overdue);
          w.stopped = Number(w.stopped) + Number(row.stopped);
          byWorkshop.set(key, w);
        }
        return ok([...byWorkshop.values()]);
      }),
  );

  app.get(
    '/api-manage/maintaintask/onDuty',
    {
      config: { permission: [P.assign] },
      schema: {
        tags: [repairEntity.name],
        summary: 'maintaintask: the members on a shift now (tenant time zone), first choices to dispatch to',
        response: {
          200: envelope({
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'integer' },
                name: { type: 'string' },
                shiftName: { type: 'string' },
                workgroupName: { type: ['string', 'null'] },
              },
            },
          }),
        },
      },
    },
    (req) => req.tenant(async (tx) => ok(await onDutyNow(tx))),
  );

  app.get<{ Querystring: { id: number } }>(
    '/api-manage/maintaintask/assignees',
    {
      config: { permission: [P.assign] },
      schema: {
        tags: [repairEntity.name],
        summary:
          "maintaintask: whom to dispatch an order to: its work group's members (leader first, marked), then the others on shift now",
        querystring: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
        },
        response: {
          200: envelope({
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'integer' },
                name: { type: 'string' },
                member: { type: 'boolean' },
                leader: { type: 'boolean' },
                shiftName: { type: ['string', 'null'] },
                workgroupName: { type: ['string', 'null'] },
              },
            },
          }),
        },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const list = await assigneesOf(tx, req.query.id);
        if (!list) throw notFound();
        return ok(list);
      }),
  );
};
