import type { Database } from '../../db/index.js';

export interface ThrottleLimits {
  /** Failed logins of one account (from any address) before the account is locked. */
  perAccount: number;
  /** Failed logins from one address (for any accounts) before the address is locked. */
  perAddress: number;
  /** How long a lock lasts; failures older than this (with no lock) are forgotten too. */
  lockSeconds: number;
}

/** A login attempt that passed the throttle: report how its password check ended. */
export interface LoginAttempt {
  fail(): Promise<number>;
  succeed(): Promise<void>;
}

// One statement counts and reads: a lock that has run out, or failures left alone for a whole lock time,
// start the count again.
const COUNT = `
  insert into login_failures as f (key, failures, updated_at) values ($1, 1, now())
  on conflict (key) do update set
    failures = case when f.locked_until <= now() or (f.locked_until is null and f.updated_at < now() - make_interval(secs => $2))
                    then 1 else f.failures + 1 end,
    locked_until = case when f.locked_until <= now() then null else f.locked_until end,
    updated_at = now()
  returning failures, coalesce(ceil(extract(epoch from f.locked_until - now()))::int, 0) as left`;

const LOCK = `update login_failures set locked_until = coalesce(locked_until, now() + make_interval(secs => $3))
               where key = $1 and failures >= $2 and (locked_until is null or locked_until > now())
               returning ceil(extract(epoch from locked_until - now()))::int as left`;

/**
 * Failed logins are counted per account (whatever the address) and per address (whatever the account).
 *
 * The account's count is taken before the password is checked, in the statement that reads it: an attempt
 * that finds `perAccount` attempts before it (failed or still being checked) is refused unchecked, so a burst
 * of parallel guesses gets no more passwords checked than a sequence would. A right password clears the
 * count. Attempts on one account are also checked one at a time within a server, so that a burst of
 * genuine logins of a shared account is queued rather than refused.
 */
export class LoginThrottle {
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Database,
    private readonly limits: ThrottleLimits,
  ) {}

  /**
   * Runs `check` for a login attempt of the account from the address, unless a lock refuses it: then
   * `refused` gets the seconds left on the lock.
   */
  attempt<T>(
    username: string,
    ip: string,
    check: (attempt: LoginAttempt) => Promise<T>,
    refused: (seconds: number) => never,
  ): Promise<T> {
    const account = `account:${username.trim().toLowerCase()}`;
    return this.queued(account, async () => {
      const address = `address:${ip}`;
      const lockedAddress = await this.lockedFor(address);
      if (lockedAddress > 0) refused(lockedAddress);
      const n = await this.db.query<{ failures: number; left: number }>(COUNT, [account, this.limits.lockSeconds]);
      const { failures, left } = n.rows[0]!;
      if (left > 0 || failures > this.limits.perAccount) refused(left > 0 ? left : this.limits.lockSeconds);
      return check({
        fail: async () => {
          const lockA = await this.lock(account, this.limits.perAccount);
          const c = await this.db.query<{ failures: number }>(COUNT, [address, this.limits.lockSeconds]);
          const lockB =
            c.rows[0]!.failures >= this.limits.perAddress ? await this.lock(address, this.limits.perAddress) : 0;
          return Math.max(lockA, lockB);
        },
        succeed: async () => {
          await this.db.query('delete from login_failures where key = $1', [account]);
        },
      });
    });
  }

  private async lockedFor(key: string): Promise<number> {
    const r = await this.db.query<{ left: number }>(
      'select ceil(extract(epoch from locked_until - now()))::int as left from login_failures where key = $1 and locked_until > now()',
      [key],
    );
    return r.rows[0]?.left ?? 0;
  }

  private async lock(key: string, max: number): Promise<number> {
    const r = await this.db.query<{ left: number }>(LOCK, [key, max, this.limits.lockSeconds]);
    return r.rows[0]?.left ?? 0;
  }

  /** Runs fn after every earlier call with the same key (within this server) has finished. */
  private queued<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const before = this.queues.get(key) ?? Promise.resolve();
    const run = before.then(fn, fn);
    const tail = run.catch(() => undefined);
    this.queues.set(key, tail);
    void tail.then(() => {
      if (this.queues.get(key) === tail) this.queues.delete(key);
    });
    return run;
  }
}
