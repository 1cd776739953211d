import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/index.js';
import { openPostgres } from '../../db/postgres.js';
import { freshDatabase } from '../../test/harness.js';
import { databaseFailure } from './db-errors.js';
import { registerErrorHandler } from './error-handler.js';

let db: Database;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ db, dispose } = await freshDatabase());
  await db.exec('create table probe_values (v text); create index on probe_values (v)');
});
afterAll(async () => dispose?.());

/** The error the database answers a statement with. */
async function refusal(sql: string, params: unknown[] = []): Promise<unknown> {
  try {
    await db.query(sql, params);
  } catch (err) {
    return err;
  }
  throw new Error(`not refused: ${sql}`);
}

const refused = {
  outOfRange: () => refusal('select $1::int4', ['2147483648']),
  notANumber: () => refusal('select $1::bigint', ['1e+23']),
  badDate: () => refusal('select $1::date', ['2024-13-45']),
  nul: () => refusal('select $1::text', [`a${String.fromCharCode(0)}b`]),
  tooLong: () => refusal("insert into probe_values select string_agg(md5(i::text), '') from generate_series(1, 400) i"),
};

describe('database failures', () => {
  it("recognise the values the database refuses, whatever the driver's text", async () => {
    for (const [name, make] of Object.entries(refused))
      expect(databaseFailure(await make()), name).toBe('invalidValue');
    expect(databaseFailure(await refusal('select * from no_such_table'))).toBeNull();
    expect(databaseFailure(new Error('boom'))).toBeNull();
  });

  it('recognise a database that cannot be reached: sockets, SQLSTATEs, driver messages, nested causes', async () => {
    const unreachable = await openPostgres({ url: 'postgres://root@127.0.0.1:1/x', poolSize: 1, schema: 'public' });
    try {
      expect(databaseFailure(await unreachable.query('select 1').catch((e: unknown) => e))).toBe('unavailable');
    } finally {
      await unreachable.close();
    }
    const coded = (code: string) => Object.assign(new Error('x'), { code });
    for (const code of ['ECONNRESET', 'ETIMEDOUT', 'EPIPE', '08006', '57P01', '57P03', '53300'])
      expect(databaseFailure(coded(code)), code).toBe('unavailable');
    expect(databaseFailure(new Error('Connection terminated unexpectedly'))).toBe('unavailable');
    expect(databaseFailure(new AggregateError([coded('ECONNREFUSED')]))).toBe('unavailable');
    expect(databaseFailure(new Error('wrapped', { cause: coded('57P01') }))).toBe('unavailable');
    expect(databaseFailure(coded('23505'))).toBeNull();
  });

  it("recognise transactions in each other's way: a deadlock, a serialization failure, a lock not granted in time", async () => {
    const coded = (code: string) => Object.assign(new Error('x'), { code });
    for (const code of ['40P01', '40001', '55P03']) expect(databaseFailure(coded(code)), code).toBe('busy');
    if (db.kind !== 'postgres') return; // the embedded database runs one transaction at a time
    // A real refusal from the driver: a row held by one transaction, asked for by another that will not wait.
    await db.query("insert into probe_values values ('held')");
    let refusal: unknown = null;
    await db.transaction(async (holder) => {
      await holder.query("select * from probe_values where v = 'held' for update");
      await db
        .transaction(async (other) => {
          await other.query("select * from probe_values where v = 'held' for update nowait");
        })
        .catch((err: unknown) => {
          refusal = err;
        });
    });
    expect(databaseFailure(refusal)).toBe('busy');
  });

  it('answer 400, 409 and 503 in the envelope with a translated message, never the database text', async () => {
    const app = Fastify({ logger: false });
    app.decorateRequest('lang', 'en');
    registerErrorHandler(app, null);
    const tooBig = await refused.outOfRange();
    app.get('/value', async () => {
      throw tooBig;
    });
    app.get('/down', async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    });
    app.get('/busy', async () => {
      throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
    });
    const busy = await app.inject({ method: 'GET', url: '/busy' });
    expect({ status: busy.statusCode, ...busy.json() }).toEqual({
      status: 409,
      rtnCode: 409,
      msg: 'Someone else changed the same data at this moment; please try again',
    });
    const value = await app.inject({ method: 'GET', url: '/value' });
    expect({ status: value.statusCode, ...value.json() }).toEqual({
      status: 400,
      rtnCode: 400,
      msg: 'A value in the request is invalid or out of range',
    });
    const down = await app.inject({ method: 'GET', url: '/down' });
    expect({ status: down.statusCode, ...down.json() }).toEqual({
      status: 503,
      rtnCode: 503,
      msg: 'The service is temporarily unavailable, please try again later',
    });
    await app.close();
  });
});
