/** The first-start seed as one unit: a demo factory cut short is finished by the next start, nothing made twice. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.js';
import { migrate } from '../db/migrate.js';
import { freshDatabase, TEST_PASSWORD } from '../test/harness.js';
import { DEMO_STEPS } from './demo.js';
import { seed } from './index.js';

let db: Database;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ db, dispose } = await freshDatabase());
  await migrate(db);
});
afterAll(async () => dispose?.());

const config = { seedAdminPassword: TEST_PASSWORD, databaseUrl: '', demoHistory: false };
const count = async (table: string) =>
  Number((await db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n);

describe('the first-start seed', () => {
  it('resumes a demo factory whose seed stopped after a step committed and before it was recorded', async () => {
    const spare = DEMO_STEPS.find((s) => s.name === 'spare')!;
    const fill = spare.fill;
    // The server dies right after the step's transaction committed.
    spare.fill = async (...args) => {
      await fill(...args);
      throw new Error('killed');
    };
    try {
      await expect(seed(db, config)).rejects.toThrow('killed');
    } finally {
      spare.fill = fill;
    }
    const cut = await db.query<{ done_steps: string[]; finished_at: Date | null }>(
      'select done_steps, finished_at from seed_progress',
    );
    expect(cut.rows).toEqual([{ done_steps: ['equipment', 'warehouses', 'workforce', 'accounts'], finished_at: null }]);
    // The spare store's documents (the production step later stocks its line-side store with one of its own).
    const storeDocs =
      "spare_docs d where not exists (select 1 from warehouses w where w.id = d.warehouse_id and w.code = 'WH-LINE')";
    const docs = await count(storeDocs);
    expect(docs).toBeGreaterThan(0);

    const next = await seed(db, config);
    expect(next.created).toBe(false);
    const done = await db.query<{ done_steps: string[]; finished: boolean }>(
      'select done_steps, finished_at is not null as finished from seed_progress',
    );
    expect(done.rows).toEqual([{ done_steps: DEMO_STEPS.map((s) => s.name), finished: true }]);
    // The step found made is not made again; the ones after it are made.
    expect(await count(storeDocs)).toBe(docs);
    expect(await count('check_plans')).toBeGreaterThan(0);
    expect(await count("roles where code = 'team_leader'")).toBe(1);

    // A finished seed does nothing on later starts.
    const plans = await count('check_plans');
    await seed(db, config);
    expect(await count('check_plans')).toBe(plans);
    expect(await count('companies')).toBe(2);
  });
});
