import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/src/db/index.js';
import { openPglite } from '../../../server/src/db/pglite.js';
import { BIG_TENANT, type GenerateResult, generate, PLANS } from './index.js';

// The tiny scale on an in-memory embedded database: what the generator writes must be a consistent factory.
let db: Database;
let result: GenerateResult;

beforeAll(async () => {
  db = await openPglite();
  result = await generate(db, { scale: 'tiny', password: 'Bench12345' });
}, 120_000);
afterAll(async () => db?.close());

const one = async <T extends object>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows[0]!;
const bigTenant = async () =>
  Number((await one<{ id: number }>('select id from companies where code = $1', [BIG_TENANT.code])).id);

describe('the data generator', () => {
  it('creates the planned tenants, equipment and people and counts its rows', async () => {
    const plan = PLANS.tiny;
    expect(result.tenants).toBe(1 + plan.small.count);
    expect(result.counts.equipment).toBe(plan.big!.equipment + plan.small.count * plan.small.size(1).equipment);
    const tenant = await bigTenant();
    const n = await one<{ e: number; u: number }>(
      `select (select count(*)::int from equipment where tenant_id = $1) as e,
              (select count(*)::int from users where tenant_id = $1) as u`,
      [tenant],
    );
    expect(n.e).toBe(plan.big!.equipment);
    expect(n.u).toBe(plan.big!.users + 1);
    expect(result.rows).toBeGreaterThan(n.e + n.u);
  });

  it('writes believable, consistent records: lines of their workshop, Chinese names, unique codes', async () => {
    const tenant = await bigTenant();
    const wrong = await one<{ n: number }>(
      `select count(*)::int as n from equipment e join lines l on l.tenant_id = e.tenant_id and l.id = e.line_id
        where e.tenant_id = $1 and l.workshopid <> e.workshop_id`,
      [tenant],
    );
    expect(wrong.n).toBe(0);
    const sample = await one<{ code: string; name: string; manufacturer: string; workshop: string }>(
      `select e.code, e.name, e.manufacturer, w.workshopname as workshop from equipment e
         join workshops w on w.tenant_id = e.tenant_id and w.id = e.workshop_id where e.tenant_id = $1 order by e.id limit 1`,
      [tenant],
    );
    expect(sample.code).toMatch(/^[A-Z]+-[A-Z-]+-\d{5}$/);
    expect(sample.name).toMatch(/[\u4e00-\u9fff]+ \d+#$/);
    expect(sample.workshop).toMatch(/车间|中心/);
    const person = await one<{ peoplename: string; username: string }>(
      "select peoplename, username from users where tenant_id = $1 and username like 'big\\_e%' order by id limit 1",
      [tenant],
    );
    expect(person.peoplename).toMatch(/^[\u4e00-\u9fff]{2,3}$/);
    const audit = await one<{ n: number }>(
      "select count(*)::int as n from audit_log where tenant_id = $1 and entity = 'equipment' and action = 'import'",
      [tenant],
    );
    expect(audit.n).toBe(PLANS.tiny.big!.equipment);
  });

  it('gives the big tenant a year of repair orders on its own machines, with consistent times and unique codes', async () => {
    const tenant = await bigTenant();
    const o = await one<{ n: number; codes: number; foreign: number; early: number; span: number; checked: number }>(
      `select count(*)::int as n, count(distinct o.code)::int as codes,
              count(*) filter (where e.tenant_id is null)::int as foreign,
              count(*) filter (where o.finished_at < o.started_at or o.started_at < o.reported_at)::int as early,
              extract(day from max(o.reported_at) - min(o.reported_at))::int as span,
              count(*) filter (where o.state = 'checked')::int as checked
         from repair_orders o left join equipment e on e.tenant_id = o.tenant_id and e.id = o.equipment_id
        where o.tenant_id = $1`,
      [tenant],
    );
    expect(o).toMatchObject({
      n: PLANS.tiny.big!.repairOrders,
      codes: PLANS.tiny.big!.repairOrders,
      foreign: 0,
      early: 0,
    });
    expect(o.span).toBeGreaterThanOrEqual(360);
    expect(o.checked).toBeGreaterThan(o.n / 2);
  });

  it('does nothing the second time on the same database', async () => {
    const again = await generate(db, { scale: 'tiny', password: 'Bench12345' });
    expect(again.created).toBe(false);
    expect(again.rows).toBe(0);
  });
});
