import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { api, type Json } from './testkit.js';

type Row = Record<string, unknown>;

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

const update = async (body: Row, lang = 'zh') =>
  (await t.call('POST', '/api-manage/equipment/update', admin, body, { 'accept-language': lang })).json() as Json;

/** A machine as an edit form reads it. */
async function opened(): Promise<Row> {
  const first = (await api<Row[]>(t, 'GET', '/api-manage/equipment/page?page=1&limit=1', admin)).data[0]!;
  return (await api<Row>(t, 'GET', `/api-manage/equipment/get?id=${first.id}`, admin)).data;
}

describe('two people editing one record', () => {
  it('refuses the later save of a record read before the earlier one, naming why', async () => {
    const row = await opened();
    const mine = await update({ id: row.id, name: '甲改的名称', updatedAt: row.updatedAt });
    expect(mine.rtnCode).toBe(200);
    const theirs = await update({ id: row.id, name: '乙改的名称', updatedAt: row.updatedAt });
    expect(theirs.rtnCode).toBe(201);
    expect(theirs.msg).toBe('该记录在您打开后已被他人修改，请重新打开后再编辑');
    const now = (await api<Row>(t, 'GET', `/api-manage/equipment/get?id=${row.id}`, admin)).data;
    expect(now.name).toBe('甲改的名称');
    // Read again, the edit goes through.
    expect((await update({ id: row.id, name: '乙改的名称', updatedAt: now.updatedAt })).rtnCode).toBe(200);
    expect((await update({ id: row.id, name: 'x', updatedAt: now.updatedAt }, 'en')).msg).toMatch(/^Someone else/);
  });

  it('lets exactly one of two saves sent at the same moment through', async () => {
    const row = await opened();
    const both = await Promise.all(['丙', '丁'].map((name) => update({ id: row.id, name, updatedAt: row.updatedAt })));
    expect(both.map((r) => r.rtnCode).sort()).toEqual([200, 201]);
    const winner = both[0]!.rtnCode === 200 ? '丙' : '丁';
    expect((await api<Row>(t, 'GET', `/api-manage/equipment/get?id=${row.id}`, admin)).data.name).toBe(winner);
  });

  it('keeps a save without updatedAt (an API client) as before, and names a malformed one', async () => {
    const row = await opened();
    expect((await update({ id: row.id, name: '接口改名' })).rtnCode).toBe(200);
    const bad = await update({ id: row.id, name: '接口改名', updatedAt: 'yesterday' });
    expect(bad.rtnCode).toBe(400);
    expect(bad.field).toBe('updatedAt');
  });
});

/** A hand-written form: how it reads the record it fills from, and how it saves an edit of it. */
interface Form {
  name: string;
  user: 'admin' | 'root';
  read: (token: string) => Promise<Row>;
  save: (row: Row) => Row;
  path: string;
}

const first = async (token: string, path: string, pick: (r: Row) => boolean = () => true): Promise<Row> =>
  (await api<Row[]>(t, 'GET', path, token)).data.find(pick)!;

const FORMS: Form[] = [
  {
    name: 'a member',
    user: 'admin',
    read: (tk) => first(tk, '/api-user/users/all?page=1&limit=5', (u) => u.username !== 'admin'),
    save: (u) => ({ id: u.id, note: `备注 ${Math.random()}` }),
    path: '/api-user/users/update',
  },
  {
    name: 'an organisation of the tree',
    user: 'admin',
    read: (tk) => first(tk, '/api-user/organization/getListByTree'),
    save: (o) => ({ id: o.id, organizationName: `总部 ${Math.random()}` }),
    path: '/api-user/organization/update',
  },
  {
    name: 'a role',
    user: 'admin',
    read: async (tk) => {
      const made = await first(tk, '/api-user/role/all', (r) => r.code === 'edit-check');
      if (made) return made;
      await api(t, 'POST', '/api-user/role/save', tk, { name: '编辑检查', code: 'edit-check', state: 1 });
      return first(tk, '/api-user/role/all', (r) => r.code === 'edit-check');
    },
    save: (r) => ({ id: r.id, remark: `备注 ${Math.random()}` }),
    path: '/api-user/role/update',
  },
  {
    name: "the company's own information",
    user: 'admin',
    read: async (tk) => (await api<Row>(t, 'GET', '/api-user/company/getCompanyData', tk)).data,
    save: () => ({ contact: `联系人 ${Math.random()}`.slice(0, 20) }),
    path: '/api-user/company/updateTemp',
  },
  {
    name: "a company in the operator's list",
    user: 'root',
    read: (tk) => first(tk, '/api-user/company/getCompanyManage?page=1&limit=20', (c) => !c.isPlatform),
    save: (c) => ({ id: c.id, contact: `联系人 ${Math.random()}`.slice(0, 20) }),
    path: '/api-user/company/update',
  },
  {
    name: 'an announcement',
    user: 'root',
    read: async (tk) => {
      const made = await first(tk, '/api-user/feedback/getSysNoticePage?page=1&limit=5&title=edit-check');
      if (made) return made;
      await api(t, 'POST', '/api-user/feedback/addSysNotice', tk, { title: 'edit-check', content: '公告', state: 0 });
      return first(tk, '/api-user/feedback/getSysNoticePage?page=1&limit=5&title=edit-check');
    },
    save: (n) => ({ id: n.id, title: 'edit-check', content: `公告 ${Math.random()}` }),
    path: '/api-user/feedback/addSysNotice',
  },
  {
    name: "a menu in the operator's menu editor",
    user: 'root',
    read: (tk) => first(tk, '/api-user/sys/all'),
    save: (m) => ({ id: m.id, sort: m.sort }),
    path: '/api-user/sys/update',
  },
  {
    name: 'a system version',
    user: 'root',
    read: (tk) => first(tk, '/api-user/sysversion/getVersionPage?page=1&limit=5'),
    save: (v) => ({ id: v.id, name: v.name, remark: `备注 ${Math.random()}` }),
    path: '/api-user/sysversion/insertOrUpdateVersion',
  },
  {
    name: 'a role template',
    user: 'root',
    read: async (tk) => {
      const made = await first(tk, '/api-user/roletemplate/all?page=1&limit=5&name=edit-check');
      if (made) return made;
      await api(t, 'POST', '/api-user/roletemplate/save', tk, { name: 'edit-check' });
      return first(tk, '/api-user/roletemplate/all?page=1&limit=5&name=edit-check');
    },
    save: (r) => ({ id: r.id, remark: `备注 ${Math.random()}` }),
    path: '/api-user/roletemplate/update',
  },
  {
    name: "an entry of the company's dictionary",
    user: 'admin',
    read: (tk) => first(tk, '/api-user/item/getItemTree'),
    save: (i) => ({ id: i.id, remark: `备注 ${Math.random()}` }),
    path: '/api-user/item/update',
  },
  {
    name: "an entry of the operator's dictionary template",
    user: 'root',
    read: (tk) => first(tk, '/api-user/itemtemplate/getItemTree'),
    save: (i) => ({ id: i.id, remark: `备注 ${Math.random()}` }),
    path: '/api-user/itemtemplate/update',
  },
];

describe("the operator's menu editor", () => {
  it('answers the version its save made: the next save from it goes through, one after another save does not', async () => {
    const root = await t.login('root');
    const menu = await first(root, '/api-user/sys/all');
    const save = async (updatedAt: unknown) => {
      const body = (
        await t.call('POST', '/api-user/sys/update', root, { id: menu.id, sort: menu.sort, updatedAt })
      ).json();
      return body as Json & { data: { updatedAt: string } };
    };
    const mine = await save(menu.updatedAt);
    expect(mine.data.updatedAt).toEqual(expect.any(String));
    expect(mine.data.updatedAt).not.toBe(menu.updatedAt);
    const again = await save(mine.data.updatedAt);
    expect(again.rtnCode).toBe(200);
    expect((await save(mine.data.updatedAt)).rtnCode).toBe(201);
  });
});

describe('two people editing one record in a hand-written form', () => {
  for (const f of FORMS)
    it(`refuses the later save of ${f.name} read before the earlier one`, async () => {
      const token = f.user === 'admin' ? admin : await t.login('root');
      const save = async (body: Row) => (await t.call('POST', f.path, token, body)).json() as Json;
      const row = await f.read(token);
      expect(row.updatedAt).toEqual(expect.any(String));
      expect((await save({ ...f.save(row), updatedAt: row.updatedAt })).rtnCode).toBe(200);
      const late = await save({ ...f.save(row), updatedAt: row.updatedAt });
      expect(late.rtnCode).toBe(201);
      expect(late.msg).toBe('该记录在您打开后已被他人修改，请重新打开后再编辑');
      const now = await f.read(token);
      expect(now.updatedAt).not.toBe(row.updatedAt);
      expect((await save({ ...f.save(now), updatedAt: now.updatedAt })).rtnCode).toBe(200);
      expect((await save(f.save(now))).rtnCode).toBe(200);
    });
});
