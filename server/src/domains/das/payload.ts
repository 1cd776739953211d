/**
 * What a gateway sends (README "Machine data"): JSON, one reading or an array of readings, each
 * `{ "ts": <ms since 1970 or ISO time, optional: now>, "values": { "<tag key>": <value>, ... } }`.
 * Parsing never throws: a message is taken whole, in part (values of unknown tags or of the wrong type are
 * left out) or refused, and says why.
 */

export type TagType = 'number' | 'boolean' | 'enum' | 'text';
export interface TagInfo {
  id: number;
  type: TagType;
  scale: number;
  offset: number;
  role: string;
  runAbove: number | null;
}
export interface Point {
  tagId: number;
  ts: number;
  v: number | null;
  s: string | null;
}
export type Rejection = 'tooLarge' | 'notJson' | 'shape' | 'tooMany' | 'timestamp' | 'unknownTag' | 'value';
export interface Parsed {
  points: Point[];
  /** Why (part of) the message was refused; null when all of it was taken. */
  rejected: Rejection | null;
}

export const MAX_MESSAGE_BYTES = 256 * 1024;
export const MAX_READINGS = 1000;
export const MAX_TEXT = 200;
/** Readings older than this or further ahead are refused (a gateway with a wrong clock). */
export const PAST_MS = 7 * 24 * 3600_000;
export const FUTURE_MS = 5 * 60_000;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function timeOf(raw: unknown, now: number): number | null {
  if (raw === undefined || raw === null) return now;
  const ms = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.length <= 40 ? Date.parse(raw) : Number.NaN;
  return Number.isFinite(ms) ? Math.trunc(ms) : null;
}

/** The stored value of a raw value for a tag, or undefined when it is not one the tag takes. */
export function storedValue(tag: TagInfo, raw: unknown): { v: number | null; s: string | null } | undefined {
  switch (tag.type) {
    case 'number': {
      if (typeof raw !== 'number' || !Number.isFinite(raw)) return undefined;
      const v = raw * tag.scale + tag.offset;
      return Number.isFinite(v) ? { v, s: null } : undefined;
    }
    case 'boolean':
      if (typeof raw === 'boolean') return { v: raw ? 1 : 0, s: null };
      return raw === 0 || raw === 1 ? { v: raw, s: null } : undefined;
    case 'enum':
      return Number.isSafeInteger(raw) && Math.abs(raw as number) < 1e9 ? { v: raw as number, s: null } : undefined;
    case 'text':
      return typeof raw === 'string' && raw.length <= MAX_TEXT && !raw.includes('\u0000')
        ? { v: null, s: raw }
        : undefined;
  }
}

export function parsePayload(
  payload: Buffer | string,
  tags: ReadonlyMap<string, TagInfo>,
  now: number = Date.now(),
): Parsed {
  const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  if (size > MAX_MESSAGE_BYTES) return { points: [], rejected: 'tooLarge' };
  let body: unknown;
  try {
    body = JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8'));
  } catch {
    return { points: [], rejected: 'notJson' };
  }
  const readings = Array.isArray(body) ? body : [body];
  if (readings.length === 0 || !readings.every((r) => isObject(r) && isObject(r.values)))
    return { points: [], rejected: 'shape' };
  if (readings.length > MAX_READINGS) return { points: [], rejected: 'tooMany' };
  const points: Point[] = [];
  let rejected: Rejection | null = null;
  for (const r of readings as { ts?: unknown; values: Record<string, unknown> }[]) {
    const ts = timeOf(r.ts, now);
    if (ts === null || ts < now - PAST_MS || ts > now + FUTURE_MS) return { points: [], rejected: 'timestamp' };
    for (const [key, raw] of Object.entries(r.values)) {
      const tag = tags.get(key);
      if (!tag) {
        rejected ??= 'unknownTag';
        continue;
      }
      const value = storedValue(tag, raw);
      if (!value) {
        rejected ??= 'value';
        continue;
      }
      points.push({ tagId: tag.id, ts, ...value });
    }
  }
  return { points, rejected };
}

/** The run state a run-state tag's value means (see the tag declaration). */
export type RunState = 'running' | 'idle' | 'stopped' | 'fault' | 'offline';
const CODES: readonly RunState[] = ['stopped', 'running', 'idle', 'fault'];
export function runStateOf(tag: TagInfo, v: number | null): RunState | null {
  if (v === null) return null;
  if (tag.runAbove !== null) return v >= tag.runAbove ? 'running' : 'idle';
  return CODES[v] ?? null;
}
