import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './pglite.js';
import type { Database } from './types.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the embedded database serves waiting requests in order', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPglite();
  });
  afterAll(async () => {
    await db.close();
  });

  it('50 transactions and single queries of varying length start in the order they arrived', async () => {
    const started: number[] = [];
    const work = Array.from({ length: 50 }, (_, i) => {
      if (i % 5 === 4)
        return db.query('select $1::int as i', [i]).then(() => {
          started.push(i);
        });
      return db.transaction(async (tx) => {
        started.push(i);
        for (let k = 0; k < i % 4; k++) {
          await tx.query('select pg_sleep(0.001)');
          await sleep(i % 3);
        }
      });
    });
    await Promise.all(work);
    expect(started).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });
});
