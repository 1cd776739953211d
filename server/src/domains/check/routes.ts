import './reports.js';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { notFound } from '../../platform/http/errors.js';
import { t } from '../../platform/i18n/index.js';
import { rowScopeSql } from '../../platform/resources/data-scope.js';
import { envelope } from '../../platform/resources/openapi.js';
import { assertPermitted, permitFor, permitSql } from '../../platform/resources/permit.js';
import { baseWhere } from '../../platform/resources/query.js';
import { findRow, getRow, memberReadContext, readContext } from '../../platform/resources/read.js';
import { resourceRoutes } from '../../platform/resources/routes.js';
import type { WireRow } from '../../platform/resources/types.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { workflowRoutes } from '../../platform/workflow/routes.js';
import './demo.js';
import { answerItem } from './execute.js';
import { generateTasks, previewPlan } from './generate.js';
import { checkRun, checkRunWidth, PLANS_PER_STEP, STEPS_AT_ONCE } from './job.js';
import { metrologyEntities } from './metrology.js';
import { codes, P } from './permissions.js';
import { checkEntities, planEntity, taskDetailEntity, taskEntity } from './resources.js';
import { checkSummary, GROUPS, type Group, readings } from './stats.js';
import { applyTemplate } from './template-apply.js';
import { templateEntity, templateItemEntity } from './templates.js';

const id = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;
const date = { type: 'string', format: 'date' } as const;
const anyData = envelope({ type: 'object', additionalProperties: true });
const listData = envelope({ type: 'array', items: { type: 'object', additionalProperties: true } });

/** The plans a generate call makes tasks of: the one asked for, or every plan of the kinds the caller may generate. */
async function plansToGenerate(tx: TenantTx, req: FastifyRequest<{ Body: { id?: number } }>): Promise<number[] | null> {
  if (req.body?.id) {
    const plan = await findRow(tx, await readContext(tx, planEntity, req.lang), req.body.id);
    if (!plan) throw notFound();
    await assertPermitted(tx, planEntity, P.planGenerate, plan);
    return [req.body.id];
  }
  const permit = await permitFor(tx, planEntity, P.planGenerate);
  if (!permit) return null;
  const { model } = await readContext(tx, planEntity, req.lang);
  const r = await tx.query<{ id: number }>(`select t.id from check_plans t where ${baseWhere(model, permit)}`, [
    tx.tenantId,
  ]);
  return r.rows.map((x) => Number(x.id));
}

/** Patrol, spot check and maintenance (spec 7.5 check*): the engine's routes, workflows, generation and reports. */
export const checkRoutes: FastifyPluginAsync = async (app) => {
  await app.register(resourceRoutes([...checkEntities, templateEntity, templateItemEntity, ...metrologyEntities]));
  await app.register(workflowRoutes([planEntity, taskEntity, taskDetailEntity, ...metrologyEntities]));
  const db = app.jobs.databaseKind;
  app.jobs.everyTenant('check.generate', 60, checkRun(PLANS_PER_STEP[db]), checkRunWidth(STEPS_AT_ONCE[db]));

  app.post<{ Body: WireRow & { id: number } }>(
    '/api-manage/checktaskdtl/answer',
    {
      config: { permission: P.taskExecute },
      schema: {
        tags: [taskDetailEntity.name],
        summary: 'checktaskdtl: record the answer of an item (judged at once; the first answer starts the task)',
        body: {
          type: 'object',
          required: ['id'],
          additionalProperties: false,
          properties: {
            id,
            answer: { type: ['string', 'number', 'null'], maxLength: 500 },
            note: { type: ['string', 'null'], maxLength: 500 },
            photos: { type: 'array', maxItems: 20, items: { type: 'object', additionalProperties: true } },
          },
        },
        response: { 200: anyData },
      },
    },
    async (req) => {
      const row = await req.tenant((tx) => answerItem(tx, req.body, req.lang));
      return ok(row, t(req.lang, row.abnormal ? 'check.messages.abnormal' : 'check.messages.recorded'));
    },
  );

  app.post<{ Body: { id: number; code?: string; name?: string } }>(
    '/api-manage/ckprtemplate/apply',
    {
      config: { permission: codes('project', 'add') },
      schema: {
        tags: [templateEntity.name],
        summary: "ckprtemplate: make the template's items and a scheme of them (codes <code>-01..., scheme <code>)",
        body: {
          type: 'object',
          required: ['id'],
          additionalProperties: false,
          properties: {
            id,
            code: { type: 'string', minLength: 1, maxLength: 40 },
            name: { type: 'string', minLength: 1, maxLength: 100 },
          },
        },
        response: { 200: anyData },
      },
    },
    async (req) => {
      const made = await req.tenant((tx) => applyTemplate(tx, req.lang, req.body));
      return ok(made, t(req.lang, 'check.messages.templateApplied', { count: made.projects }));
    },
  );

  app.post<{ Body: { id?: number } }>(
    '/api-manage/checkplan/generate',
    {
      config: { permission: P.planGenerate },
      schema: {
        tags: [planEntity.name],
        summary: 'checkplan: make the tasks due now (of one plan, or of every plan that is on)',
        body: { type: 'object', additionalProperties: false, properties: { id } },
        response: { 200: anyData },
      },
    },
    async (req) => {
      const made = await req.tenant(async (tx) => generateTasks(tx, { planIds: await plansToGenerate(tx, req) }));
      return ok(made, t(req.lang, 'check.messages.generated', { count: made.tasks }));
    },
  );

  app.get<{ Querystring: { id: number; days?: number } }>(
    '/api-manage/checkplan/preview',
    {
      config: { permission: P.planView },
      schema: {
        tags: [planEntity.name],
        summary: 'checkplan: the tasks a plan would make over the coming days (before it is switched on)',
        querystring: {
          type: 'object',
          required: ['id'],
          properties: { id, days: { type: 'integer', minimum: 1, maximum: 366 } },
        },
        response: { 200: listData },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const plan = await findRow(tx, await readContext(tx, planEntity, req.lang), req.query.id);
        if (!plan) throw notFound();
        await assertPermitted(tx, planEntity, P.planView, plan);
        return ok(await previewPlan(tx, req.query.id, req.query.days ?? 28));
      }),
  );

  app.get<{ Querystring: { kind?: number; code?: string } }>(
    '/api-manage/checktask/mine',
    {
      config: { permission: P.taskView },
      schema: {
        tags: [taskEntity.name],
        summary:
          'checktask: my open tasks due by the end of today (tenant time zone) or overdue; with code, those of the scanned machine and the routes passing it',
        querystring: {
          type: 'object',
          properties: { kind: { type: 'integer', enum: [1, 2, 3] }, code: { type: 'string', maxLength: 100 } },
        },
        response: { 200: listData },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const ctx = await memberReadContext(tx, taskEntity, req.lang);
        const r = await tx.query<{ id: number }>(
          `with win as (select coalesce(nullif(timezone, ''), 'UTC') as tz from companies where id = $1)
           select t.id from check_tasks t cross join win
            where t.tenant_id = $1 and t.state in ('pending', 'doing')
              and (t.assignee_id = $2 or t.assignee_id is null)
              and ($3::int is null or t.kind = $3)
              -- The scanned machine's own tasks, and the route tasks that pass it.
              and ($4::text is null or exists (
                    select 1 from equipment e where e.tenant_id = $1 and e.code = $4 and e.deleted_at is null
                       and (e.id = t.equipment_id
                            or (t.line_id is not null and exists (
                                  select 1 from check_task_details d
                                   where d.tenant_id = $1 and d.task_id = t.id and d.equipment_id = e.id)))))
              and t.due_at < ((now() at time zone win.tz)::date + 1)::timestamp at time zone win.tz${permitSql(ctx.model, ctx.permit)}${rowScopeSql(ctx.model, ctx.rowScope)}
            order by t.due_at, t.id limit 100`,
          [tx.tenantId, tx.userId, req.query.kind ?? null, req.query.code?.trim() || null],
        );
        if (!r.rows.length) return ok([]);
        const rows: WireRow[] = [];
        for (const x of r.rows) rows.push(await getRow(tx, ctx, x.id));
        return ok(rows);
      }),
  );

  app.get<{ Querystring: { kind?: number; from: string; to: string; groupBy?: Group } }>(
    '/api-list/checksummary',
    {
      config: { permission: P.statistic },
      schema: {
        tags: [taskEntity.name],
        summary: 'checksummary: tasks done on time, late, missed and abnormal rate by plan, workshop, person or month',
        querystring: {
          type: 'object',
          required: ['from', 'to'],
          properties: {
            kind: { type: 'integer', enum: [1, 2, 3] },
            from: date,
            to: date,
            groupBy: { type: 'string', enum: [...GROUPS] },
          },
        },
        response: { 200: listData },
      },
    },
    (req) =>
      req.tenant(async (tx) =>
        ok(
          await checkSummary(
            tx,
            { ...req.query, group: req.query.groupBy ?? 'plan' },
            await permitFor(tx, taskEntity, P.statistic),
          ),
        ),
      ),
  );

  app.post<{ Body: { equipmentId: number; projectId: number; from: string; to: string } }>(
    '/api-manage/dataReport',
    {
      config: { permission: P.statistic },
      schema: {
        tags: [taskDetailEntity.name],
        summary: 'dataReport: the readings of a number item on one machine over time',
        body: {
          type: 'object',
          required: ['equipmentId', 'projectId', 'from', 'to'],
          additionalProperties: false,
          properties: { equipmentId: id, projectId: id, from: date, to: date },
        },
        response: { 200: listData },
      },
    },
    (req) => req.tenant(async (tx) => ok(await readings(tx, req.body, await permitFor(tx, taskEntity, P.statistic)))),
  );
};
