/**
 * What a database failure means to the caller: the database cannot be reached (503, try again later), a value
 * the request carried was refused by it (400), or another transaction held what this one needed and the database
 * gave up on one of them (409, try again). Anything else stays an internal error.
 */
export type DatabaseFailure = 'unavailable' | 'invalidValue' | 'busy';

/** Node's socket errors on the way to the server. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a lost or refused connection: class 08 (connection exception), 57P01-57P03 (the server shuts
 * down or is starting), 53300 (too many connections).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;

/**
 * SQLSTATEs of a value the database refuses: numeric out of range, invalid text representation, NUL or
 * untranslatable character, bad date or time, a program limit (an index row too large).
 */
const INVALID_VALUE_STATES = new Set(['22003', '22P02', '22021', '22P05', '22007', '22008', '54000']);

/** The drivers' own words for a connection that is gone (pg, pg-pool, PGlite) when they carry no code. */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end on the pool|PGlite is closed)/;

/**
 * SQLSTATEs of transactions in each other's way: a deadlock (40P01; two writers locking the same rows in opposite
 * orders, e.g. a machine moved while an order changes its status), a serialization failure (40001), a lock not
 * granted in time (55P03, lock_timeout or NOWAIT).
 */
const BUSY_STATES = new Set(['40P01', '40001', '55P03']);

function classify(err: { code?: unknown; message?: unknown }): DatabaseFailure | null {
  const code = typeof err.code === 'string' ? err.code : '';
  if (SOCKET_CODES.has(code) || UNAVAILABLE_STATES.test(code)) return 'unavailable';
  if (INVALID_VALUE_STATES.has(code)) return 'invalidValue';
  if (BUSY_STATES.has(code)) return 'busy';
  if (typeof err.message === 'string' && UNAVAILABLE_MESSAGES.test(err.message)) return 'unavailable';
  return null;
}

/** Classifies an error, its cause and the errors it aggregates (a refused connection to several addresses). */
export function databaseFailure(err: unknown): DatabaseFailure | null {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length) {
    const e = queue.shift();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const found = classify(e as { code?: unknown; message?: unknown });
    if (found) return found;
    const { cause, errors } = e as { cause?: unknown; errors?: unknown };
    queue.push(cause);
    if (Array.isArray(errors)) queue.push(...errors);
  }
  return null;
}
