import type { Database } from '../../db/index.js';

/** Failed logins are counted per account and address; after `max` failures that pair is locked for a while. */
export class LoginThrottle {
  constructor(
    private readonly db: Database,
    private readonly max: number,
    private readonly lockSeconds: number,
  ) {}

  key(username: string, ip: string): string {
    return `${username.trim().toLowerCase()}|${ip}`;
  }

  /** Seconds left on a lock, or 0. */
  async lockedFor(key: string): Promise<number> {
    const r = await this.db.query<{ left: number }>(
      'select ceil(extract(epoch from locked_until - now()))::int as left from login_failures where key = $1 and locked_until > now()',
      [key],
    );
    return r.rows[0]?.left ?? 0;
  }

  /** Records a failure; returns the seconds of the lock it caused, or 0. */
  async fail(key: string): Promise<number> {
    const r = await this.db.query<{ failures: number }>(
      `insert into login_failures(key, failures, updated_at) values ($1, 1, now())
       on conflict (key) do update set
         failures = case when login_failures.locked_until is not null and login_failures.locked_until <= now() then 1
                         else login_failures.failures + 1 end,
         locked_until = case when login_failures.locked_until is not null and login_failures.locked_until <= now() then null
                             else login_failures.locked_until end,
         updated_at = now()
       returning failures`,
      [key],
    );
    if (r.rows[0]!.failures >= this.max) {
      await this.db.query('update login_failures set locked_until = now() + make_interval(secs => $2) where key = $1', [
        key,
        this.lockSeconds,
      ]);
      return this.lockSeconds;
    }
    return 0;
  }

  async succeed(key: string): Promise<void> {
    await this.db.query('delete from login_failures where key = $1', [key]);
  }
}
