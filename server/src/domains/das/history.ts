import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';

export interface Bucket {
  t: string;
  min: number | null;
  max: number | null;
  avg: number | null;
  last: number | null;
}

/** At most this many buckets per tag, tags per chart, and days per read. */
export const MAX_BUCKETS = 2000;
export const MAX_TAGS = 20;
export const MAX_DAYS = 400;

/**
 * A tag's history over any period as about `buckets` equal buckets (date_bin from the period's start), each
 * with its minimum, maximum, average and last value: a chart of a month reads one row per bucket, not the
 * month's points. Tags of other tenants are not seen (the tenant leads the key, row-level security).
 */
export async function downsample(
  tx: TenantTx,
  tagIds: readonly number[],
  from: Date,
  to: Date,
  buckets: number,
): Promise<Map<number, Bucket[]>> {
  const seconds = Math.max(1, Math.ceil((to.getTime() - from.getTime()) / 1000 / buckets));
  const r = await tx.query<{ tag_id: number; b: Date; mn: number; mx: number; av: number; last: number }>(
    `select tag_id, date_bin(make_interval(secs => $5), ts, $3::timestamptz) as b,
            min(v) as mn, max(v) as mx, avg(v) as av, (array_agg(v order by ts desc))[1] as last
       from das_history
      where tenant_id = $1 and tag_id = any($2::bigint[]) and ts >= $3 and ts < $4
      group by tag_id, b order by tag_id, b`,
    [tx.tenantId, tagIds, from.toISOString(), to.toISOString(), seconds],
  );
  const out = new Map<number, Bucket[]>(tagIds.map((id) => [id, []]));
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  for (const row of r.rows)
    out.get(Number(row.tag_id))?.push({
      t: new Date(row.b).toISOString(),
      min: num(row.mn),
      max: num(row.mx),
      avg: num(row.av),
      last: num(row.last),
    });
  return out;
}

/** The raw points of one tag in a period, newest first, a page at a time. */
export async function points(
  tx: TenantTx,
  tagId: number,
  from: Date,
  to: Date,
  page: number,
  limit: number,
): Promise<{ rows: { ts: string; v: number | null; s: string | null }[]; count: number }> {
  const args = [tx.tenantId, tagId, from.toISOString(), to.toISOString()];
  const rows = await tx.query<{ ts: Date; v: number | null; s: string | null }>(
    `select ts, v, s from das_history where tenant_id = $1 and tag_id = $2 and ts >= $3 and ts < $4
        order by ts desc limit $5 offset $6`,
    [...args, limit, (page - 1) * limit],
  );
  const count = await tx.query<{ n: string }>(
    'select count(*) as n from das_history where tenant_id = $1 and tag_id = $2 and ts >= $3 and ts < $4',
    args,
  );
  return {
    rows: rows.rows.map((p) => ({ ts: new Date(p.ts).toISOString(), v: p.v === null ? null : Number(p.v), s: p.s })),
    count: Number(count.rows[0]?.n ?? 0),
  };
}
