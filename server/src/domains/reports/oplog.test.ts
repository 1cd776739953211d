import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondTenant } from '../../platform/resources/testkit.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

type Row = Record<string, unknown>;
interface Json<T = unknown> {
  rtnCode: number;
  msg: string;
  data: T;
}

let t: TestApp;
let admin: string;

const call = async <T>(method: string, url: string, body?: unknown, lang = 'zh') => {
  const r = (await (await t.call(method, url, admin, body, { lang })).json()) as Json<T>;
  expect(r.rtnCode, `${url}: ${r.msg}`).toBe(200);
  return r;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = (await secondTenant(t, 'olg')).token;
});
afterAll(async () => t?.close());

describe('operation log: entities, records and fields by their names (issue 45 item 3)', () => {
  it('shows the entity title, the record code and name, field labels and option labels in the reader language', async () => {
    const shop = (
      await call<Row>('POST', '/api-user/workShop/save', { workshopcode: 'WLOG', workshopname: 'Press shop' })
    ).data;
    await call('POST', '/api-user/workShop/update', { id: shop.id, state: 0, updatedAt: shop.updatedAt });
    await call('POST', '/api-user/line/save', { linecode: 'LLOG', linename: 'Line one', workshopid: shop.id });

    const shopLog = (await call<Row[]>('GET', '/api-list/log/page?entity=workshop&action=update', undefined, 'en'))
      .data;
    expect(shopLog[0]).toMatchObject({
      entityLabel: 'Workshop',
      recordLabel: 'WLOG Press shop',
      changes: [{ field: 'state', label: 'Status', before: 'Enabled', after: 'Disabled' }],
    });
    const zh = (await call<Row[]>('GET', '/api-list/log/page?entity=workshop&action=update', undefined, 'zh')).data;
    expect(zh[0]).toMatchObject({ entityLabel: '车间', changes: [{ label: '状态', before: '启用', after: '停用' }] });

    const line = (await call<Row[]>('GET', '/api-list/log/page?entity=line&action=create', undefined, 'en')).data[0]!;
    expect(line).toMatchObject({ entityLabel: 'Production line', recordLabel: 'LLOG Line one' });
    const changes = line.changes as Row[];
    // The reference is shown once, by the workshop's name under the reference's label (no id, no workshopName).
    expect(changes.filter((c) => c.label === 'Workshop')).toMatchObject([
      { field: 'workshopName', label: 'Workshop', after: 'Press shop' },
    ]);
    expect(changes.map((c) => c.label)).not.toContain('workshopid');
    expect(changes.map((c) => c.field)).not.toContain('workshopid');
    expect(changes.find((c) => c.field === 'linename')).toMatchObject({ label: 'Line name', after: 'Line one' });

    const entities = (await call<string[]>('GET', '/api-list/log/entities', undefined, 'en')) as Json<string[]> & {
      labels: Record<string, string>;
    };
    expect(entities.data).toEqual(expect.arrayContaining(['line', 'workshop']));
    expect(entities.labels).toMatchObject({ line: 'Production line', workshop: 'Workshop' });
  });
});
