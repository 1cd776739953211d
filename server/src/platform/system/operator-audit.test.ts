import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { okCall } from '../../domains/org/testkit.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

/* The operator's audit log: every platform POST, wherever its route is declared; refusals are not successes. */

let t: TestApp;
let root: string;
let admin: string;

interface Row {
  user_id: number;
  action: string;
  after: Record<string, unknown>;
}
const rows = async (url: string) =>
  (
    await t.db.query<Row>(
      "select user_id, action, after from audit_log where entity = 'operator' and record_id = $1 order by id",
      [url],
    )
  ).rows;

beforeAll(async () => {
  t = await createTestApp();
  root = await t.login('root');
  admin = await t.login('admin');
});
afterAll(() => t?.close());

describe('operator audit log', () => {
  it('keeps an operator change on a role template and on the item template', async () => {
    await okCall(t, 'POST', '/api-user/roletemplate/save', root, { name: 'Auditor', remark: 'reads the books' });
    const saved = await rows('/api-user/roletemplate/save');
    expect(saved).toMatchObject([{ action: 'call', after: { name: 'Auditor', remark: 'reads the books' } }]);
    const rootId = await t.db.query<{ id: number }>("select id from users where username = 'root'");
    expect(Number(saved[0]!.user_id)).toBe(Number(rootId.rows[0]!.id));

    await okCall(t, 'POST', '/api-user/itemtemplate/insert', root, { code: 'AuditGroup', name: 'Audit group' });
    expect(await rows('/api-user/itemtemplate/insert')).toMatchObject([
      { action: 'call', after: { code: 'AuditGroup', name: 'Audit group' } },
    ]);
  });

  it('logs a call refused by a business rule as refused, with the reason, never as a change', async () => {
    const dup = await t.call('POST', '/api-user/roletemplate/save', root, { name: 'Auditor' }, { lang: 'en' });
    expect(dup.statusCode).toBe(200);
    expect(dup.json().rtnCode).toBe(201);
    const saved = await rows('/api-user/roletemplate/save');
    expect(saved.filter((r) => r.action === 'call')).toHaveLength(1);
    expect(saved.filter((r) => r.action === 'refused')).toMatchObject([
      {
        after: {
          body: { name: 'Auditor' },
          reason: { key: 'errors.roleTemplate.nameTaken', msg: dup.json().msg },
        },
      },
    ]);
  });

  it('leaves out calls refused with an HTTP error and keeps passwords out', async () => {
    const bad = await t.call('POST', '/api-user/roletemplate/update', root, { id: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(await rows('/api-user/roletemplate/update')).toEqual([]);
    const foreign = await t.call('POST', '/api-user/roletemplate/save', admin, { name: 'Mine' });
    expect(foreign.statusCode).toBe(403);
    expect((await rows('/api-user/roletemplate/save')).some((r) => JSON.stringify(r.after).includes('Mine'))).toBe(
      false,
    );

    await okCall(t, 'POST', '/api-user/company/save', root, {
      name: 'Audited',
      code: 'audited',
      username: 'audited-admin',
      password: 'Audited2026',
      peoplename: 'Boss',
    });
    expect(await rows('/api-user/company/save')).toMatchObject([
      { action: 'call', after: { code: 'audited', password: '***' } },
    ]);
  });
});
