import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { okCall } from '../org/testkit.js';

let t: TestApp;
let admin: string;
let root: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  root = await t.login('root');
});
afterAll(() => t?.close());

describe('system announcements', () => {
  it('the operator publishes, changes and deletes an announcement every user sees', async () => {
    const { data } = await okCall<{ id: number }>(t, 'POST', '/api-user/feedback/addSysNotice', root, {
      title: 'Maintenance window',
      content: 'The service stops on Sunday 02:00-03:00',
    });
    const latest = await okCall<{ content: string }>(t, 'GET', '/api-user/feedback/getLatestSysNotice', admin);
    expect(latest.data.content).toBe('The service stops on Sunday 02:00-03:00');
    const list = await okCall<{ id: number }[]>(t, 'GET', '/api-user/feedback/getSysNoticePage?content=sunday', root);
    expect(list).toMatchObject({ count: 1, data: [{ id: data.id }] });

    await okCall(t, 'POST', '/api-user/feedback/addSysNotice', root, { id: data.id, content: 'Cancelled', state: 0 });
    const hidden = await okCall(t, 'GET', '/api-user/feedback/getLatestSysNotice', admin);
    expect(hidden.data).toBeNull();
    await okCall(t, 'POST', '/api-user/feedback/delSysNotice', root, { ids: [data.id] });
    expect((await okCall(t, 'GET', '/api-user/feedback/getSysNoticePage', root)).count).toBe(0);
    expect((await t.call('POST', '/api-user/feedback/delSysNotice', root, { id: data.id })).statusCode).toBe(404);
  });

  it('names a missing content and refuses tenant users', async () => {
    const missing = await t.call('POST', '/api-user/feedback/addSysNotice', root, { title: 'x' });
    expect(missing.json()).toMatchObject({ rtnCode: 400, field: 'content', msg: 'content 不能为空' });
    const r = await t.call('POST', '/api-user/feedback/addSysNotice', admin, { content: 'hi' }, { lang: 'en' });
    expect(r.statusCode).toBe(403);
    expect(r.json().error_description).toBe('Only platform operators can do this');
    expect((await t.call('POST', '/api-user/feedback/delSysNotice', admin, { id: 1 })).statusCode).toBe(403);
  });
});
