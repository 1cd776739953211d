import type { FastifyPluginAsync } from 'fastify';
import { ok, page } from '../../platform/http/envelope.js';
import { invalid, notFound } from '../../platform/http/errors.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { downsample, MAX_BUCKETS, MAX_DAYS, MAX_TAGS, points } from './history.js';
import { DEVICE_READ } from './permissions.js';
import { ONLINE_SECONDS } from './resources.js';
import { stateIntervals } from './states.js';

const ID = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;
const TIME = { type: 'string', format: 'date-time', maxLength: 40 } as const;
const anyData = (data: object) => ({
  200: {
    type: 'object',
    properties: { rtnCode: { type: 'integer' }, msg: { type: 'string' }, count: { type: 'integer' }, data },
  },
});
const loose = { type: 'object', additionalProperties: true };

/** A period from the query: `from` before `to`, at most MAX_DAYS long; default the last 24 hours. */
export function period(q: { from?: string; to?: string }): { from: Date; to: Date } {
  const to = q.to ? new Date(q.to) : new Date();
  const from = q.from ? new Date(q.from) : new Date(to.getTime() - 86_400_000);
  if (Number.isNaN(from.getTime())) throw invalid('from', 'das.errors.period');
  if (Number.isNaN(to.getTime()) || to <= from) throw invalid('to', 'das.errors.period');
  if (to.getTime() - from.getTime() > MAX_DAYS * 86_400_000)
    throw invalid('from', 'das.errors.periodLong', { days: MAX_DAYS });
  return { from, to };
}

async function deviceOf(tx: TenantTx, id: number) {
  const r = await tx.query<{ id: number; gateway_id: number; equipment_id: number; offline_minutes: number }>(
    'select id, gateway_id, equipment_id, offline_minutes from das_devices where tenant_id = $1 and id = $2 and deleted_at is null',
    [tx.tenantId, id],
  );
  if (!r.rows[0]) throw notFound();
  return r.rows[0];
}

/** What a device says now: its tags' latest values, its state and whether its gateway is heard from. */
export async function liveOf(tx: TenantTx, id: number) {
  const device = await deviceOf(tx, id);
  const tags = await tx.query<{
    id: number;
    key: string;
    name: string;
    unit: string | null;
    data_type: string;
    role: string;
    ts: Date | null;
    v: number | null;
    s: string | null;
  }>(
    `select t.id, t.key, t.name, t.unit, t.data_type, t.role, l.ts, l.v, l.s
         from das_tags t left join das_latest l on l.tenant_id = t.tenant_id and l.tag_id = t.id
        where t.tenant_id = $1 and t.device_id = $2 order by t.key`,
    [tx.tenantId, id],
  );
  const state = await tx.query<{ state: string; started_at: Date }>(
    `select state, started_at from das_states where tenant_id = $1 and device_id = $2 and ended_at is null
        order by started_at desc limit 1`,
    [tx.tenantId, id],
  );
  const gw = await tx.query<{ last_seen_at: Date | null }>(
    'select last_seen_at from das_gateway_stats where tenant_id = $1 and gateway_id = $2',
    [tx.tenantId, device.gateway_id],
  );
  const seen = gw.rows[0]?.last_seen_at ? new Date(gw.rows[0].last_seen_at) : null;
  return {
    deviceId: Number(device.id),
    equipmentId: Number(device.equipment_id),
    online: !!seen && Date.now() - seen.getTime() < ONLINE_SECONDS * 1000,
    lastSeenAt: seen?.toISOString() ?? null,
    state: state.rows[0]?.state ?? null,
    stateSince: state.rows[0] ? new Date(state.rows[0].started_at).toISOString() : null,
    tags: tags.rows.map((r) => ({
      id: Number(r.id),
      key: r.key,
      name: r.name,
      unit: r.unit,
      dataType: r.data_type,
      role: r.role,
      ts: r.ts ? new Date(r.ts).toISOString() : null,
      value: r.data_type === 'text' ? r.s : r.v === null ? null : Number(r.v),
    })),
  };
}

/** Live values, history (downsampled and raw) and state intervals of devices (spec 7.6 history). */
export const dataRoutes: FastifyPluginAsync = async (app) => {
  const cfg = { permission: [...DEVICE_READ] };

  app.get<{ Querystring: { id: number } }>(
    '/api-das/device/live',
    {
      config: cfg,
      schema: {
        tags: ['device'],
        summary: "device: its tags' latest values, its run state and whether its gateway is online",
        querystring: { type: 'object', required: ['id'], properties: { id: ID } },
        response: anyData(loose),
      },
    },
    (req) => req.tenant(async (tx) => ok(await liveOf(tx, req.query.id))),
  );

  app.get<{ Querystring: { id?: number; equipmentId?: number } }>(
    '/api-das/device/ofEquipment',
    {
      config: { permission: [...DEVICE_READ, 'equipment:ledger:view'] },
      schema: {
        tags: ['device'],
        summary: 'device: the connected device of a ledger machine with its live state (null when not connected)',
        querystring: { type: 'object', required: ['equipmentId'], properties: { equipmentId: ID } },
        response: anyData({ anyOf: [loose, { type: 'null' }] }),
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const d = await tx.query<{ id: number; code: string; name: string }>(
          'select id, code, name from das_devices where tenant_id = $1 and equipment_id = $2 and deleted_at is null',
          [tx.tenantId, req.query.equipmentId],
        );
        const row = d.rows[0];
        if (!row) return ok(null);
        const live = await liveOf(tx, Number(row.id));
        return ok({
          id: Number(row.id),
          code: row.code,
          name: row.name,
          online: live.online,
          state: live.state,
          stateSince: live.stateSince,
        });
      }),
  );

  app.get<{ Querystring: { tagIds: string; from?: string; to?: string; buckets?: number } }>(
    '/api-das/history/series',
    {
      config: cfg,
      schema: {
        tags: ['history'],
        summary: 'history: tags over a period in equal buckets (min, max, avg, last of each), for charts',
        querystring: {
          type: 'object',
          required: ['tagIds'],
          properties: {
            tagIds: {
              type: 'string',
              pattern: `^[1-9][0-9]{0,15}(,[1-9][0-9]{0,15}){0,${MAX_TAGS - 1}}$`,
              description: `tag ids, comma-separated (at most ${MAX_TAGS})`,
            },
            from: TIME,
            to: TIME,
            buckets: { type: 'integer', minimum: 1, maximum: MAX_BUCKETS, default: 500 },
          },
        },
        response: anyData({ type: 'array', items: loose }),
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const { from, to } = period(req.query);
        const ids = [...new Set(req.query.tagIds.split(',').map(Number))];
        const known = await tx.query<{ id: number }>(
          'select id from das_tags where tenant_id = $1 and id = any($2::bigint[])',
          [tx.tenantId, ids],
        );
        if (known.rows.length !== ids.length) throw notFound();
        const series = await downsample(tx, ids, from, to, req.query.buckets ?? 500);
        return ok(ids.map((tagId) => ({ tagId, buckets: series.get(tagId) ?? [] })));
      }),
  );

  app.get<{ Querystring: { tagId: number; from?: string; to?: string; page?: number; limit?: number } }>(
    '/api-das/history/page',
    {
      config: cfg,
      schema: {
        tags: ['history'],
        summary: 'history: the raw points of a tag in a period, newest first',
        querystring: {
          type: 'object',
          required: ['tagId'],
          properties: {
            tagId: ID,
            from: TIME,
            to: TIME,
            page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
            limit: { type: 'integer', minimum: 1, maximum: 1000, default: 20 },
          },
        },
        response: anyData({ type: 'array', items: loose }),
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const { from, to } = period(req.query);
        const r = await points(tx, req.query.tagId, from, to, req.query.page ?? 1, req.query.limit ?? 20);
        return page(r.rows, r.count);
      }),
  );

  app.get<{ Querystring: { id: number; from?: string; to?: string } }>(
    '/api-das/device/states',
    {
      config: cfg,
      schema: {
        tags: ['device'],
        summary: 'device: its run-state intervals in a period (running, idle, stopped, fault, offline)',
        querystring: { type: 'object', required: ['id'], properties: { id: ID, from: TIME, to: TIME } },
        response: anyData({ type: 'array', items: loose }),
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        await deviceOf(tx, req.query.id);
        const { from, to } = period(req.query);
        return ok(await stateIntervals(tx, req.query.id, from, to));
      }),
  );
};
