import type { FastifyPluginAsync } from 'fastify';
import { ok, page } from '../../platform/http/envelope.js';
import { invalid, notFound } from '../../platform/http/errors.js';
import { like } from '../../platform/http/route-kit.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { period } from './data-routes.js';
import { downsample, MAX_BUCKETS } from './history.js';
import { histogram, MAX_BINS, outliers, tagStats } from './mining.js';
import { MINING_READ } from './permissions.js';

const ID = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;
const TIME = { type: 'string', format: 'date-time', maxLength: 40 } as const;
const loose = { type: 'object', additionalProperties: true };
const reply = (data: object) => ({
  200: {
    type: 'object',
    properties: { rtnCode: { type: 'integer' }, msg: { type: 'string' }, count: { type: 'integer' }, data },
  },
});
const PERIOD = { tagId: ID, from: TIME, to: TIME } as const;

interface TagRow {
  id: number;
  key: string;
  name: string;
  unit: string | null;
  data_type: string;
  device_id: number;
  device_code: string;
  device_name: string;
}

const TAGS = `select t.id, t.key, t.name, t.unit, t.data_type, d.id as device_id, d.code as device_code,
                     d.name as device_name
                from das_tags t join das_devices d on d.tenant_id = t.tenant_id and d.id = t.device_id
               where t.tenant_id = $1 and d.deleted_at is null and t.data_type <> 'text'`;

const wireTag = (r: TagRow) => ({
  id: Number(r.id),
  key: r.key,
  name: r.name,
  unit: r.unit,
  dataType: r.data_type,
  deviceId: Number(r.device_id),
  deviceCode: r.device_code,
  deviceName: r.device_name,
});

/** A numeric tag of a live device of the tenant; a text tag names the field, an unknown one is not found. */
async function numericTag(tx: TenantTx, id: number) {
  const r = await tx.query<TagRow>(
    `select t.id, t.key, t.name, t.unit, t.data_type, d.id as device_id, d.code as device_code, d.name as device_name
       from das_tags t join das_devices d on d.tenant_id = t.tenant_id and d.id = t.device_id
      where t.tenant_id = $1 and t.id = $2 and d.deleted_at is null`,
    [tx.tenantId, id],
  );
  const row = r.rows[0];
  if (!row) throw notFound();
  if (row.data_type === 'text') throw invalid('tagId', 'das.errors.tagNotNumeric', { name: row.name });
  return wireTag(row);
}

/** History mining (/plateDataMining): a tag's distribution, trend and outliers over a period (spec 2.5). */
export const miningRoutes: FastifyPluginAsync = async (app) => {
  const cfg = { permission: [...MINING_READ] };

  app.get<{ Querystring: { keyword?: string; deviceId?: number; limit?: number } }>(
    '/api-das/mining/tags',
    {
      config: cfg,
      schema: {
        tags: ['history'],
        summary: 'mining: the numeric tags of live devices to analyse, by device or tag code or name',
        querystring: {
          type: 'object',
          properties: {
            keyword: { type: 'string', maxLength: 100 },
            deviceId: ID,
            limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
          },
        },
        response: reply({ type: 'array', items: loose }),
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const { keyword, deviceId, limit = 50 } = req.query;
        const text = keyword?.trim() ? like(keyword.trim()) : null;
        const r = await tx.query<TagRow>(
          `${TAGS}
             and ($2::bigint is null or d.id = $2)
             and ($3::text is null or d.code ilike $3 or d.name ilike $3 or t.key ilike $3 or t.name ilike $3)
           order by d.code, t.key limit $4`,
          [tx.tenantId, deviceId ?? null, text, limit],
        );
        return ok(r.rows.map(wireTag));
      }),
  );

  app.get<{ Querystring: { tagId: number; from?: string; to?: string; bins?: number; buckets?: number } }>(
    '/api-das/mining/analysis',
    {
      config: cfg,
      schema: {
        tags: ['history'],
        summary:
          "mining: a tag's statistics, distribution (equal bins) and trend (min, avg, max per bucket) in a period",
        querystring: {
          type: 'object',
          required: ['tagId'],
          properties: {
            ...PERIOD,
            bins: { type: 'integer', minimum: 1, maximum: MAX_BINS, default: 20 },
            buckets: { type: 'integer', minimum: 1, maximum: MAX_BUCKETS, default: 100 },
          },
        },
        response: reply(loose),
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const tag = await numericTag(tx, req.query.tagId);
        const { from, to } = period(req.query);
        const stats = await tagStats(tx, tag.id, from, to);
        const bins = await histogram(tx, tag.id, from, to, req.query.bins ?? 20);
        const trend = (await downsample(tx, [tag.id], from, to, req.query.buckets ?? 100)).get(tag.id) ?? [];
        return ok({
          tag,
          from: from.toISOString(),
          to: to.toISOString(),
          stats,
          histogram: bins,
          trend: trend.map(({ t, min, avg, max }) => ({ t, min, avg, max })),
        });
      }),
  );

  app.get<{ Querystring: { tagId: number; from?: string; to?: string; page?: number; limit?: number } }>(
    '/api-das/mining/outliers',
    {
      config: cfg,
      schema: {
        tags: ['history'],
        summary: "mining: a tag's points beyond mean ± 3σ of the period, the farthest first",
        querystring: {
          type: 'object',
          required: ['tagId'],
          properties: {
            ...PERIOD,
            page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
            limit: { type: 'integer', minimum: 1, maximum: 1000, default: 20 },
          },
        },
        response: reply({ type: 'array', items: loose }),
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const tag = await numericTag(tx, req.query.tagId);
        const { from, to } = period(req.query);
        const r = await outliers(tx, tag.id, from, to, req.query.page ?? 1, req.query.limit ?? 20);
        return page(r.rows, r.count);
      }),
  );
};
