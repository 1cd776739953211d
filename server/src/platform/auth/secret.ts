import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.js';
import type { Database } from '../../db/index.js';

/** JWT_SECRET, else one generated once and kept in the database, so every server instance shares it. */
export async function jwtSecret(db: Database, config: Pick<Config, 'jwtSecret'>): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  await db.query("insert into settings(key, value) values ('jwt_secret', $1) on conflict (key) do nothing", [
    randomBytes(48).toString('base64url'),
  ]);
  const r = await db.query<{ value: string }>("select value from settings where key = 'jwt_secret'");
  return r.rows[0]!.value;
}
