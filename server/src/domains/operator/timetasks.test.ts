import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { okCall, secondTenant } from '../org/testkit.js';

/* Timed tasks that run tenant by tenant: one company's failure is shown, the others are still served. */

let t: TestApp;
let root: string;
let acme: number;

interface Task {
  kind: string;
  lastStatus: string | null;
  lastError: string | null;
  failures: number;
  lastFailure: string | null;
  failedCompanies: { id: number; code: string }[];
}

beforeAll(async () => {
  t = await createTestApp();
  root = await t.login('root');
  acme = (await secondTenant(t, root, 'acme')).companyId;
});
afterAll(() => t?.close());

describe('a per-tenant timed task', () => {
  it('runs for every other company and shows the run done with errors, naming the company and its error', async () => {
    const served: number[] = [];
    t.app.jobs.everyTenant('test.perTenant', 3600, async (tx) => {
      if (tx.tenantId === acme) throw new Error('acme line 3 is offline\n    at stack frame');
      served.push(tx.tenantId);
    });
    await okCall(t, 'POST', '/api-user/timetask/run', root, { kind: 'test.perTenant' });
    let task: Task | undefined;
    for (let i = 0; i < 200 && !task?.lastStatus; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const list = await t.call('GET', '/api-user/timetask/getTaskList', root, undefined, { lang: 'en' });
      task = (list.json().data as Task[]).find((x) => x.kind === 'test.perTenant');
    }
    const active = await t.db.query<{ id: number }>(
      'select id from companies where not is_platform and state = 1 order by id',
    );
    expect(served).toEqual(active.rows.map((c) => Number(c.id)).filter((id) => id !== acme));
    expect(served.length).toBeGreaterThan(0);
    expect(task).toMatchObject({
      lastStatus: 'partial',
      lastError: `Failed for 1 of ${active.rows.length} companies: Company acme (acme): acme line 3 is offline`,
      failures: 1,
      failedCompanies: [{ id: acme, code: 'acme' }],
    });
    expect(task!.lastFailure).toBe(task!.lastError);
    const zh = await okCall<Task[]>(t, 'GET', '/api-user/timetask/getTaskList', root);
    expect(zh.data.find((x) => x.kind === 'test.perTenant')!.lastError).toBe(
      `${active.rows.length} 家公司中 1 家失败：Company acme (acme): acme line 3 is offline`,
    );
  });
});
