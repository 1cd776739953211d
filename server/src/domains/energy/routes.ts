import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { type Lang, t } from '../../platform/i18n/index.js';
import { shift, tenantTimeZone, todayIn } from '../../platform/reports/filters.js';
import { envelope } from '../../platform/resources/openapi.js';
import { resourceRoutes } from '../../platform/resources/routes.js';
import { planForReports, type TenantTx } from '../../platform/tenancy/tenant-tx.js';
import {
  BUCKETS,
  type Bucket,
  type ConsumptionQuery,
  consumptionSql,
  GROUPS,
  type GroupBy,
  type PlaceFilter,
  rollupSql,
  totalSql,
} from './consumption.js';
import { rebuildDays } from './days.js';
import { PERIOD_KINDS } from './kinds.js';
import { readMachineMeters } from './machine.js';
import { goodOutput, goodOutputBy, OUTPUT_GROUPS, type OutputGroup } from './output.js';
import { P, VIEW } from './permissions.js';
import { energyEntities, meterEntity } from './resources.js';
import { checkTargets } from './targets.js';

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.source;
const ID = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;
const placeProps = {
  energyType: { type: 'string', maxLength: 50 },
  meterId: ID,
  organizationId: ID,
  workshopId: ID,
  lineId: ID,
  equipmentId: ID,
} as const;
const anyData = { type: 'object', additionalProperties: true } as const;

/** The longest period a consumption query reads (hourly figures over it are 20,000 rows at most). */
const MAX_DAYS = 800;

interface RangeQuery extends PlaceFilter {
  from: string;
  to: string;
  bucket?: Bucket;
  groupBy?: GroupBy;
}

/** A refusal naming the query's field, in the reader's language. */
const fieldError = (lang: Lang, field: 'from' | 'to' | 'energyType' | 'code', key: string, params = {}) =>
  new AppError('business', key, { label: t(lang, `energy.labels.${field}`), ...params }, field);

/** The period asked, checked: real days, in order, not too long. */
function checkRange(q: RangeQuery, lang: Lang): void {
  const from = Date.parse(`${q.from}T00:00:00Z`);
  const to = Date.parse(`${q.to}T00:00:00Z`);
  if (Number.isNaN(from) || new Date(from).toISOString().slice(0, 10) !== q.from)
    throw fieldError(lang, 'from', 'energy.errors.badDay');
  if (Number.isNaN(to) || new Date(to).toISOString().slice(0, 10) !== q.to)
    throw fieldError(lang, 'to', 'energy.errors.badDay');
  if (to < from) throw fieldError(lang, 'to', 'energy.errors.toBeforeFrom');
  if ((to - from) / 86_400_000 > MAX_DAYS)
    throw fieldError(lang, 'to', 'energy.errors.rangeTooLong', { days: MAX_DAYS });
}

const place = (q: PlaceFilter): PlaceFilter => {
  const out: PlaceFilter = {};
  for (const k of ['energyType', 'meterId', 'organizationId', 'workshopId', 'lineId', 'equipmentId'] as const)
    if (q[k] !== undefined) (out as Record<string, unknown>)[k] = q[k];
  return out;
};

/** The names of a page of group keys in the reader's language. */
async function groupNames(tx: TenantTx, groupBy: GroupBy, keys: string[], lang: Lang): Promise<Map<string, string>> {
  const ids = keys.filter((k) => /^\d+$/.test(k));
  const named = async (text: string, values: unknown[]) =>
    new Map((await tx.query<{ k: string; n: string }>(text, values)).rows.map((r) => [String(r.k), r.n]));
  switch (groupBy) {
    case 'meter':
      return named(
        `select id::text as k, code || ' ' || name as n from energy_meters where tenant_id = $1 and id = any($2::bigint[])`,
        [tx.tenantId, ids],
      );
    case 'workshop':
      return named(
        'select id::text as k, workshopname as n from workshops where tenant_id = $1 and id = any($2::bigint[])',
        [tx.tenantId, ids],
      );
    case 'line':
      return named('select id::text as k, linename as n from lines where tenant_id = $1 and id = any($2::bigint[])', [
        tx.tenantId,
        ids,
      ]);
    case 'equipment':
      return named(
        `select id::text as k, code || ' ' || name as n from equipment where tenant_id = $1 and id = any($2::bigint[])`,
        [tx.tenantId, ids],
      );
    case 'organization':
      return named(
        'select id::text as k, organization_name as n from organizations where tenant_id = $1 and id = any($2::bigint[])',
        [tx.tenantId, ids],
      );
    case 'type':
      return energyTypeNames(tx, lang);
    case 'period':
      return new Map(PERIOD_KINDS.map((k) => [k, t(lang, `energy.periods.${k}`)]));
    case 'none':
      return new Map();
  }
}

/** The tenant's energy types (dictionary energytype) in the reader's language, with their units. */
export async function energyTypeNames(tx: TenantTx, lang: Lang): Promise<Map<string, string>> {
  const r = await tx.query<{ code: string; name: string }>(
    `select c.code, coalesce(nullif(c.names->>$2, ''), c.name) as name
       from items c join items p on p.tenant_id = c.tenant_id and p.id = c.parent_id
      where c.tenant_id = $1 and p.code = 'energytype' and p.parent_id is null`,
    [tx.tenantId, lang],
  );
  return new Map(r.rows.map((x) => [x.code, x.name]));
}

/** Consumption rows with their group's name (others' and unplaced: the "none" label). */
async function consumption(tx: TenantTx, q: ConsumptionQuery, lang: Lang) {
  await planForReports(tx);
  const { text, values } = consumptionSql(q, tx.tenantId);
  const rows = (
    await tx.query<{
      bucket: string | null;
      key: string | null;
      quantity: string;
      cost: string | null;
      unpriced: string;
    }>(text, values)
  ).rows;
  const names = await groupNames(tx, q.groupBy, [...new Set(rows.map((r) => r.key ?? ''))], lang);
  const none = t(lang, q.groupBy === 'period' ? 'energy.periods.none' : 'energy.labels.unplaced');
  return rows.map((r) => ({
    ...r,
    name: q.groupBy === 'none' ? null : r.key === null || r.key === '' ? none : (names.get(r.key) ?? r.key),
  }));
}

/** Energy (spec 7.5 energys): meters, readings, tariffs, targets; consumption, cost, roll-up, comparisons. */
export const energyRoutes: FastifyPluginAsync = async (app) => {
  await app.register(resourceRoutes(energyEntities));
  app.jobs.everyTenant('energy.targets', 15 * 60, async (tx) => {
    await checkTargets(tx);
    return false;
  });
  // Meters fed by a machine-data tag: the quarters closed since their last reading (machine.ts); on while some
  // meter has more than one run's quarters waiting.
  app.jobs.everyTenant('energy.machine', 5 * 60, async (tx) => (await readMachineMeters(tx)).more);

  const view = { permission: [...VIEW] };
  const rangeQuery = {
    type: 'object',
    required: ['from', 'to'],
    additionalProperties: false,
    properties: {
      from: { type: 'string', pattern: DAY },
      to: { type: 'string', pattern: DAY },
      bucket: { type: 'string', enum: [...BUCKETS] },
      groupBy: { type: 'string', enum: [...GROUPS] },
      ...placeProps,
    },
  } as const;

  app.get<{ Querystring: RangeQuery }>(
    '/api-manage/energys/consumption',
    {
      config: view,
      schema: {
        tags: [meterEntity.name],
        summary: 'energy: consumption and cost per hour, day, shift or month, per meter, place, type or tariff period',
        querystring: rangeQuery,
        response: { 200: envelope({ type: 'array', items: anyData }) },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const q = req.query;
        checkRange(q, req.lang);
        const groupBy = q.groupBy ?? 'meter';
        if (!q.energyType && groupBy !== 'meter' && groupBy !== 'type')
          throw fieldError(req.lang, 'energyType', 'energy.errors.typeNeeded');
        const timeZone = await tenantTimeZone(tx);
        const rows = await consumption(
          tx,
          { ...place(q), from: q.from, to: q.to, bucket: q.bucket ?? 'day', groupBy, timeZone },
          req.lang,
        );
        return ok(rows);
      }),
  );

  app.get<{ Querystring: RangeQuery }>(
    '/api-manage/energys/rollup',
    {
      config: view,
      schema: {
        tags: [meterEntity.name],
        summary: "energy: each meter's consumption with its sub-meters' and what they do not measure (loss)",
        querystring: rangeQuery,
        response: { 200: envelope({ type: 'array', items: anyData }) },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        checkRange(req.query, req.lang);
        await planForReports(tx);
        const timeZone = await tenantTimeZone(tx);
        const { text, values } = rollupSql(
          { ...place(req.query), from: req.query.from, to: req.query.to, bucket: 'all', groupBy: 'meter', timeZone },
          tx.tenantId,
        );
        const rows = (await tx.query<Record<string, unknown>>(text, values)).rows.map((r) => ({
          ...r,
          id: Number(r.id),
          parentId: r.parentId === null ? null : Number(r.parentId),
          unmetered: Number(r.subMeters) > 0 ? (Number(r.quantity) - Number(r.childrenQuantity)).toFixed(4) : null,
        }));
        return ok(rows);
      }),
  );

  app.get<{ Querystring: PlaceFilter & { month?: string } }>(
    '/api-manage/energys/compare',
    {
      config: view,
      schema: {
        tags: [meterEntity.name],
        summary: 'energy: a month day by day against the month before and the same month a year ago',
        querystring: {
          type: 'object',
          required: ['energyType'],
          additionalProperties: false,
          properties: { month: { type: 'string', pattern: /^\d{4}-(0[1-9]|1[0-2])$/.source }, ...placeProps },
        },
        response: { 200: envelope(anyData) },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const timeZone = await tenantTimeZone(tx);
        const month = req.query.month ?? todayIn(timeZone).slice(0, 7);
        const first = `${month}-01`;
        const before = shift(first, -1).slice(0, 7);
        const lastYear = `${String(Number(month.slice(0, 4)) - 1).padStart(4, '0')}${month.slice(4)}`;
        const series = async (m: string) => {
          const end = shift(`${shift(`${m}-28`, 4).slice(0, 7)}-01`, -1);
          const days = await consumption(
            tx,
            { ...place(req.query), from: `${m}-01`, to: end, bucket: 'day', groupBy: 'none', timeZone },
            req.lang,
          );
          const sum = (k: 'quantity' | 'cost') =>
            days.reduce((s, d) => s + Number(d[k] ?? 0), 0).toFixed(k === 'cost' ? 2 : 4);
          return {
            month: m,
            quantity: sum('quantity'),
            cost: sum('cost'),
            days: days.map((d) => ({ day: Number(String(d.bucket).slice(8, 10)), quantity: d.quantity, cost: d.cost })),
          };
        };
        return ok({ current: await series(month), previous: await series(before), lastYear: await series(lastYear) });
      }),
  );

  app.get<{ Querystring: RangeQuery }>(
    '/api-manage/energys/perPart',
    {
      config: view,
      schema: {
        tags: [meterEntity.name],
        summary: 'energy: energy per good part of a place over a period (good parts from production work reports)',
        querystring: rangeQuery,
        response: { 200: envelope(anyData) },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const q = req.query;
        checkRange(q, req.lang);
        if (!q.energyType) throw fieldError(req.lang, 'energyType', 'energy.errors.typeNeeded');
        const timeZone = await tenantTimeZone(tx);
        const { text, values } = totalSql({ ...place(q), from: q.from, to: q.to, timeZone }, tx.tenantId);
        const total = (await tx.query<{ quantity: string; cost: string | null }>(text, values)).rows[0]!;
        const output = await goodOutput(tx, place(q), q.from, q.to);
        return ok({
          quantity: total.quantity,
          cost: total.cost,
          goodParts: output.available ? output.goodParts : null,
          perPart:
            output.available && output.goodParts > 0 ? (Number(total.quantity) / output.goodParts).toFixed(4) : null,
          note: output.available ? null : t(req.lang, `energy.messages.${output.reason}`),
        });
      }),
  );

  app.get<{ Querystring: RangeQuery & { groupBy?: OutputGroup } }>(
    '/api-manage/energys/perPlace',
    {
      config: view,
      schema: {
        tags: [meterEntity.name],
        summary: 'energy: consumption, good parts and energy per good part of each workshop, line or machine',
        querystring: {
          ...rangeQuery,
          properties: { ...rangeQuery.properties, groupBy: { type: 'string', enum: Object.keys(OUTPUT_GROUPS) } },
        },
        response: { 200: envelope({ type: 'array', items: anyData }) },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const q = req.query;
        checkRange(q, req.lang);
        if (!q.energyType) throw fieldError(req.lang, 'energyType', 'energy.errors.typeNeeded');
        const groupBy = q.groupBy ?? 'workshop';
        const timeZone = await tenantTimeZone(tx);
        const used = await consumption(
          tx,
          { ...place(q), from: q.from, to: q.to, bucket: 'all', groupBy, timeZone },
          req.lang,
        );
        const good = await goodOutputBy(tx, place(q), q.from, q.to, groupBy);
        return ok(
          used.map((r) => {
            const parts = r.key ? (good.get(r.key) ?? null) : null;
            return {
              key: r.key,
              name: r.name,
              quantity: r.quantity,
              cost: r.cost,
              goodParts: parts,
              perPart: parts ? (Number(r.quantity) / parts).toFixed(4) : null,
            };
          }),
        );
      }),
  );

  app.get<{ Querystring: { code: string } }>(
    '/api-manage/energys/byCode',
    {
      config: { permission: [...VIEW] },
      schema: {
        tags: [meterEntity.name],
        summary: 'energy: a meter by its code (its QR label) with its last reading, for the phone reading page',
        querystring: {
          type: 'object',
          required: ['code'],
          additionalProperties: false,
          properties: { code: { type: 'string', minLength: 1, maxLength: 50 } },
        },
        response: { 200: envelope(anyData) },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const r = await tx.query<Record<string, unknown>>(
          `select m.id, m.code, m.name, m.energy_type as "energyType", m.unit, m.multiplier, m.register_max as "registerMax",
                  l.value as "lastValue", l.read_at as "lastReadAt", l.kind as "lastKind"
             from energy_meters m
             left join lateral (select value, read_at, kind from energy_readings y where y.tenant_id = m.tenant_id
                                   and y.meter_id = m.id order by read_at desc limit 1) l on true
            where m.tenant_id = $1 and m.code = $2 and m.deleted_at is null`,
          [tx.tenantId, req.query.code.trim()],
        );
        const m = r.rows[0];
        if (!m) throw fieldError(req.lang, 'code', 'energy.errors.meterCodeUnknown', { code: req.query.code.trim() });
        const types = await energyTypeNames(tx, req.lang);
        return ok({
          ...m,
          id: Number(m.id),
          energyTypeName: types.get(String(m.energyType)) ?? m.energyType,
          lastReadAt: m.lastReadAt instanceof Date ? m.lastReadAt.toISOString() : m.lastReadAt,
        });
      }),
  );

  app.post(
    '/api-manage/energys/days/rebuild',
    {
      config: { permission: [P.edit] },
      schema: {
        tags: [meterEntity.name],
        summary:
          "energy: work out every meter's kept day figures again from its readings (after the time zone changed)",
        response: { 200: envelope({ type: 'object', properties: { meters: { type: 'integer' } } }) },
      },
    },
    (req) => req.tenant(async (tx) => ok({ meters: await rebuildDays(tx) })),
  );

  app.post(
    '/api-manage/energys/target/check',
    {
      config: { permission: [P.edit] },
      schema: {
        tags: ['energytarget'],
        summary: "energy: compare this month's consumption with the targets now (the job does it every 15 minutes)",
        response: { 200: envelope({ type: 'object', properties: { passed: { type: 'integer' } } }) },
      },
    },
    (req) => req.tenant(async (tx) => ok({ passed: await checkTargets(tx) })),
  );
};
