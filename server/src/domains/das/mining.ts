import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';

/** At most this many histogram bins and outlier points per page. */
export const MAX_BINS = 100;

export interface TagStats {
  count: number;
  min: number | null;
  max: number | null;
  mean: number | null;
  /** The population standard deviation (σ) of the period's values. */
  stddev: number | null;
}

export interface Bin {
  bin: number;
  lower: number;
  upper: number;
  count: number;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const HISTORY =
  'from das_history h where h.tenant_id = $1 and h.tag_id = $2 and h.ts >= $3 and h.ts < $4 and h.v is not null';
const args = (tx: TenantTx, tagId: number, from: Date, to: Date) => [
  tx.tenantId,
  tagId,
  from.toISOString(),
  to.toISOString(),
];

/** Count, minimum, maximum, mean and σ of a tag's numeric values in a period (one aggregate in SQL). */
export async function tagStats(tx: TenantTx, tagId: number, from: Date, to: Date): Promise<TagStats> {
  const r = await tx.query<{ n: string; mn: number; mx: number; av: number; sd: number }>(
    `select count(*) as n, min(h.v) as mn, max(h.v) as mx, avg(h.v) as av, stddev_pop(h.v) as sd ${HISTORY}`,
    args(tx, tagId, from, to),
  );
  const row = r.rows[0]!;
  return { count: Number(row.n), min: num(row.mn), max: num(row.mx), mean: num(row.av), stddev: num(row.sd) };
}

/**
 * The distribution of a tag's values in a period: `bins` equal bins from the minimum to the maximum (width_bucket in
 * SQL; the maximum falls into the last bin), empty bins included. A period of one value has one bin.
 */
export async function histogram(tx: TenantTx, tagId: number, from: Date, to: Date, bins: number): Promise<Bin[]> {
  const r = await tx.query<{ b: number; n: string; mn: number; mx: number }>(
    `with s as (select min(h.v) as mn, max(h.v) as mx ${HISTORY})
     select case when s.mx = s.mn then 1 else least(width_bucket(h.v, s.mn, s.mx, $5), $5) end as b,
            count(*) as n, min(s.mn) as mn, min(s.mx) as mx
       from das_history h cross join s
      where h.tenant_id = $1 and h.tag_id = $2 and h.ts >= $3 and h.ts < $4 and h.v is not null
      group by b order by b`,
    [...args(tx, tagId, from, to), bins],
  );
  if (r.rows.length === 0) return [];
  const mn = Number(r.rows[0]!.mn);
  const mx = Number(r.rows[0]!.mx);
  const count = new Map(r.rows.map((row) => [Number(row.b), Number(row.n)]));
  if (mx === mn) return [{ bin: 1, lower: mn, upper: mx, count: count.get(1) ?? 0 }];
  const width = (mx - mn) / bins;
  return Array.from({ length: bins }, (_, i) => ({
    bin: i + 1,
    lower: mn + i * width,
    upper: i === bins - 1 ? mx : mn + (i + 1) * width,
    count: count.get(i + 1) ?? 0,
  }));
}

/**
 * The points of a period beyond mean ± 3σ of the period's values (computed in SQL), the farthest first, a page at
 * a time; `z` is the point's distance from the mean in σ.
 */
export async function outliers(
  tx: TenantTx,
  tagId: number,
  from: Date,
  to: Date,
  page: number,
  limit: number,
): Promise<{ rows: { ts: string; v: number; z: number }[]; count: number }> {
  const r = await tx.query<{ ts: Date; v: number; z: number; total: string }>(
    `with s as (select avg(h.v) as av, stddev_pop(h.v) as sd ${HISTORY}),
          o as (select h.ts, h.v, (h.v - s.av) / s.sd as z
                  from das_history h cross join s
                 where h.tenant_id = $1 and h.tag_id = $2 and h.ts >= $3 and h.ts < $4 and h.v is not null
                   and s.sd > 0 and abs(h.v - s.av) > 3 * s.sd)
     select o.ts, o.v, o.z, count(*) over () as total from o
      order by abs(o.z) desc, o.ts desc limit $5 offset $6`,
    [...args(tx, tagId, from, to), limit, (page - 1) * limit],
  );
  let count = Number(r.rows[0]?.total ?? 0);
  if (r.rows.length === 0 && page > 1) {
    const c = await tx.query<{ n: string }>(
      `with s as (select avg(h.v) as av, stddev_pop(h.v) as sd ${HISTORY})
       select count(*) as n from das_history h cross join s
        where h.tenant_id = $1 and h.tag_id = $2 and h.ts >= $3 and h.ts < $4 and h.v is not null
          and s.sd > 0 and abs(h.v - s.av) > 3 * s.sd`,
      args(tx, tagId, from, to),
    );
    count = Number(c.rows[0]?.n ?? 0);
  }
  return {
    rows: r.rows.map((p) => ({ ts: new Date(p.ts).toISOString(), v: Number(p.v), z: Number(p.z) })),
    count,
  };
}
