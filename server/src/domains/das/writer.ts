import type { FastifyBaseLogger } from 'fastify';
import { pushToTenant } from '../../platform/resources/push.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import type { OpenTenant } from './directory.js';
import type { Point } from './payload.js';
import { applyStates, type StateChange } from './states.js';

/** At most this long between a point's arrival and its write while the database answers. */
export const FLUSH_MS = 250;
/** Points held while the database is away; beyond this new points are dropped and counted. */
export const DEFAULT_BUFFER_POINTS = 500_000;

interface TenantBatch {
  points: Point[];
  stats: Map<number, { seen: number; messages: number; rejected: number }>;
  states: Map<number, StateChange[]>;
  /** Devices with new values: their open pages are told (throttled by the flush interval). */
  devices: Set<number>;
}

const emptyBatch = (): TenantBatch => ({ points: [], stats: new Map(), states: new Map(), devices: new Set() });
const DAY_MS = 86_400_000;

/**
 * The history writer: points from every gateway wait in a buffer per tenant and are written in batches (one
 * multi-row insert of history, one upsert of the latest values, one of the gateways' counts) every FLUSH_MS.
 * A failed write keeps its points for the next round, up to the buffer's bound; beyond it new points are
 * dropped and counted (`dropped`). Closing writes what is left, so a clean stop loses no point; a kill loses
 * at most what arrived since the start of the last write that committed: FLUSH_MS plus the time of one write
 * (measured by kill.test.ts on the real server process).
 */
export class HistoryWriter {
  private batches = new Map<number, TenantBatch>();
  private buffered = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** When the oldest point held now arrived (or a failed write was put back): its write is due FLUSH_MS later. */
  private heldSince = 0;
  private readonly days = new Set<number>();
  dropped = 0;
  written = 0;
  failures = 0;
  /** The latest and the longest write (one tenant's batch, in ms) since the start: what a kill may lose beyond FLUSH_MS. */
  lastWriteMs = 0;
  slowestWriteMs = 0;

  constructor(
    private readonly open: OpenTenant,
    private readonly log: FastifyBaseLogger,
    private readonly maxBuffered = DEFAULT_BUFFER_POINTS,
    private readonly flushMs = FLUSH_MS,
  ) {}

  get pending(): number {
    return this.buffered;
  }

  private batch(tenantId: number): TenantBatch {
    let b = this.batches.get(tenantId);
    if (!b) {
      b = emptyBatch();
      this.batches.set(tenantId, b);
    }
    return b;
  }

  /** A gateway's message: its points (those that fit), its state changes, and whether it was refused. */
  add(
    tenantId: number,
    gatewayId: number,
    points: readonly Point[],
    opts: { rejected: boolean; deviceId?: number; states?: readonly StateChange[] },
  ): void {
    if (this.batches.size === 0) this.heldSince = Date.now();
    const b = this.batch(tenantId);
    const s = b.stats.get(gatewayId) ?? { seen: 0, messages: 0, rejected: 0 };
    s.seen = Date.now();
    s.messages++;
    if (opts.rejected) s.rejected++;
    b.stats.set(gatewayId, s);
    const room = Math.max(0, this.maxBuffered - this.buffered);
    const taken = points.length <= room ? points : points.slice(0, room);
    this.dropped += points.length - taken.length;
    for (const p of taken) b.points.push(p);
    this.buffered += taken.length;
    if (opts.deviceId !== undefined && taken.length) {
      b.devices.add(opts.deviceId);
      if (opts.states?.length) b.states.set(opts.deviceId, [...(b.states.get(opts.deviceId) ?? []), ...opts.states]);
    }
    this.schedule();
  }

  /**
   * The next write, FLUSH_MS after the oldest point held arrived: points that waited through a write under way
   * are written as soon as it ends, not a whole interval later.
   */
  private schedule(): void {
    if (this.timer || this.running) return;
    const wait = Math.max(0, this.heldSince + this.flushMs - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, wait);
  }

  /** Writes what is buffered now (one transaction per tenant); resolves when done. */
  flush(): Promise<void> {
    if (this.running) return this.running.then(() => this.flush());
    if (this.batches.size === 0) return Promise.resolve();
    const batches = this.batches;
    this.batches = new Map();
    this.buffered = 0;
    this.running = (async () => {
      for (const [tenantId, b] of batches) {
        try {
          const began = Date.now();
          await this.open(tenantId, (tx) => this.write(tx, b));
          this.lastWriteMs = Date.now() - began;
          this.slowestWriteMs = Math.max(this.slowestWriteMs, this.lastWriteMs);
          this.written += b.points.length;
        } catch (err) {
          this.failures++;
          this.log.warn(
            { err, tenantId, points: b.points.length },
            'machine data write failed; kept for the next round',
          );
          this.keep(tenantId, b);
        }
      }
    })().finally(() => {
      this.running = null;
      if (this.batches.size) this.schedule();
    });
    return this.running;
  }

  /** A batch that could not be written goes back in front of what came since, as far as the bound allows. */
  private keep(tenantId: number, old: TenantBatch): void {
    // The database is away: try again a whole interval from now.
    this.heldSince = Date.now();
    const now = this.batch(tenantId);
    const room = Math.max(0, this.maxBuffered - this.buffered);
    const kept = old.points.length <= room ? old.points : old.points.slice(old.points.length - room);
    this.dropped += old.points.length - kept.length;
    now.points = [...kept, ...now.points];
    this.buffered += kept.length;
    for (const [g, s] of old.stats) {
      const n = now.stats.get(g) ?? { seen: 0, messages: 0, rejected: 0 };
      now.stats.set(g, {
        seen: Math.max(n.seen, s.seen),
        messages: n.messages + s.messages,
        rejected: n.rejected + s.rejected,
      });
    }
    for (const [d, s] of old.states) now.states.set(d, [...s, ...(now.states.get(d) ?? [])]);
    for (const d of old.devices) now.devices.add(d);
  }

  private async write(tx: TenantTx, b: TenantBatch): Promise<void> {
    if (b.points.length) {
      const days = new Set(b.points.map((p) => Math.floor(p.ts / DAY_MS)));
      for (const day of days) {
        if (this.days.has(day)) continue;
        await tx.query('select das_history_partition($1::date)', [new Date(day * DAY_MS).toISOString().slice(0, 10)]);
        this.days.add(day);
      }
      const cols = columns(b.points);
      await tx.query(
        `insert into das_history (tenant_id, tag_id, ts, v, s)
         select $1, x.tag_id, to_timestamp(x.ms / 1000.0), x.v, x.s
           from unnest($2::bigint[], $3::float8[], $4::float8[], $5::text[]) as x(tag_id, ms, v, s)
         on conflict do nothing`,
        [tx.tenantId, cols.tag, cols.ms, cols.v, cols.s],
      );
      const latest = new Map<number, Point>();
      for (const p of b.points) if ((latest.get(p.tagId)?.ts ?? -1) <= p.ts) latest.set(p.tagId, p);
      const l = columns([...latest.values()]);
      await tx.query(
        `insert into das_latest (tenant_id, tag_id, ts, v, s)
         select $1, x.tag_id, to_timestamp(x.ms / 1000.0), x.v, x.s
           from unnest($2::bigint[], $3::float8[], $4::float8[], $5::text[]) as x(tag_id, ms, v, s)
           join das_tags t on t.tenant_id = $1 and t.id = x.tag_id
         on conflict (tenant_id, tag_id) do update set ts = excluded.ts, v = excluded.v, s = excluded.s
          where das_latest.ts <= excluded.ts`,
        [tx.tenantId, l.tag, l.ms, l.v, l.s],
      );
    }
    if (b.stats.size) {
      const ids = [...b.stats.keys()];
      const s = ids.map((g) => b.stats.get(g)!);
      await tx.query(
        `insert into das_gateway_stats (tenant_id, gateway_id, last_seen_at, messages, rejected)
         select $1, x.g, to_timestamp(x.seen / 1000.0), x.m, x.r
           from unnest($2::bigint[], $3::float8[], $4::bigint[], $5::bigint[]) as x(g, seen, m, r)
           join das_gateways gw on gw.tenant_id = $1 and gw.id = x.g
         on conflict (tenant_id, gateway_id) do update
           set last_seen_at = greatest(das_gateway_stats.last_seen_at, excluded.last_seen_at),
               messages = das_gateway_stats.messages + excluded.messages,
               rejected = das_gateway_stats.rejected + excluded.rejected`,
        [tx.tenantId, ids, s.map((x) => x.seen), s.map((x) => x.messages), s.map((x) => x.rejected)],
      );
    }
    for (const [deviceId, changes] of b.states) await applyStates(tx, deviceId, changes);
    if (b.devices.size) await pushToTenant(tx, { type: 'das', devices: [...b.devices].slice(0, 500) });
  }

  /** Stops the timer and writes everything left (the server's close hook). */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (let i = 0; i < 5 && (this.batches.size || this.running); i++) await this.flush();
  }
}

function columns(points: readonly Point[]) {
  return {
    tag: points.map((p) => p.tagId),
    ms: points.map((p) => p.ts),
    v: points.map((p) => p.v),
    s: points.map((p) => p.s),
  };
}
