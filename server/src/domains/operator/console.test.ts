import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, SAMPLE_FILES } from '../../platform/resources/testkit.js';
import { menuId } from '../../seed/menus.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { MEMBER_PASSWORD, okCall, rootOrgId, secondTenant } from '../org/testkit.js';

/* The operator's console beyond companies and versions: usage, groups, timed tasks, notices, feedback, pictures. */

let t: TestApp;
let admin: string;
let root: string;
let acme: { companyId: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  root = await t.login('root');
  acme = await secondTenant(t, root, 'acme');
});
afterAll(() => t?.close());

interface Usage {
  id: number;
  code: string;
  userCount: number;
  active7: number;
  logins30: number;
  storageBytes: number;
}

describe('usage per tenant', () => {
  it('counts users, active users and logins in SQL, per company, and lists its people and login history', async () => {
    await t.login('acme-admin', MEMBER_PASSWORD);
    const list = await okCall<Usage[]>(t, 'GET', '/api-user/opsys/getSysTenantPage?name=acme', root);
    expect(list.count).toBe(1);
    expect(list.data[0]).toMatchObject({ id: acme.companyId, code: 'acme', userCount: 1, active7: 1 });
    expect(list.data[0]!.logins30).toBeGreaterThanOrEqual(2);
    const all = await okCall<Usage[]>(t, 'GET', '/api-user/opsys/getSysTenantPage?page=1&limit=10', root);
    expect(all.data.map((c) => c.code)).not.toContain('platform');

    const people = await okCall<{ username: string; logins30: number }[]>(
      t,
      'GET',
      `/api-user/opsys/getSysPeoTenantPage?companyId=${acme.companyId}`,
      root,
    );
    expect(people.data).toMatchObject([{ username: 'acme-admin' }]);
    expect(people.data[0]!.logins30).toBeGreaterThanOrEqual(2);

    const days = await okCall<{ day: string; logins: number; users: number }[]>(
      t,
      'GET',
      `/api-user/opsys/getSysTenantLoginData?companyId=${acme.companyId}&days=7`,
      root,
    );
    expect(days.data).toHaveLength(7);
    expect(days.data.at(-1)).toMatchObject({ users: 1 });
    expect(days.data.at(-1)!.logins).toBeGreaterThanOrEqual(2);

    const modules = await okCall<{ entity: string; records: number }[]>(
      t,
      'GET',
      `/api-user/opsys/getSysTenantstisPage?companyId=${acme.companyId}`,
      root,
    );
    expect(modules.data.find((m) => m.entity === 'users')).toMatchObject({ records: 1 });
    // A declared entity's table is named by its title, in the reader's language.
    const demoId = (await t.db.query<{ id: number }>("select id from companies where code = 'demo'")).rows[0]!.id;
    const demo = await t.call('GET', `/api-user/opsys/getSysTenantstisPage?companyId=${demoId}`, root, undefined, {
      lang: 'en',
    });
    const rows = demo.json().data as { entity: string; name: string }[];
    expect(rows.find((m) => m.entity === 'equipment')).toMatchObject({ name: 'Equipment ledger' });

    const logins = await okCall<{ username: string }[]>(
      t,
      'GET',
      `/api-user/opsys/getSysTeUserPage?companyId=${acme.companyId}&limit=1`,
      root,
    );
    expect(logins.count).toBeGreaterThanOrEqual(2);
    expect(logins.data).toHaveLength(1);
    const missing = await t.call('GET', '/api-user/opsys/getSysTeUserDetail?companyId=99999', root, undefined, {
      lang: 'en',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('company groups and limits', () => {
  it('associates companies under a lead and takes them out again; the platform company stays out', async () => {
    const beta = await secondTenant(t, root, 'beta');
    await okCall(t, 'POST', '/api-user/company/addSysAssoce', root, {
      groupId: acme.companyId,
      companyIds: [beta.companyId],
    });
    const grouped = await okCall<{ code: string; groupName: string | null }[]>(
      t,
      'GET',
      '/api-user/company/getCompanyManage?limit=50',
      root,
    );
    const group = Object.fromEntries(grouped.data.map((c) => [c.code, c.groupName]));
    expect(group).toMatchObject({ acme: 'Company acme', beta: 'Company acme', demo: null });
    const platform = await t.call('POST', '/api-user/company/addSysAssoce', root, { groupId: 1, companyIds: [2] });
    expect(platform.json().rtnCode).not.toBe(200);
    await okCall(t, 'POST', '/api-user/company/delSysAssoce', root, { companyIds: [acme.companyId] });
    const after = await okCall<{ code: string; groupName: string | null }[]>(
      t,
      'GET',
      '/api-user/company/getCompanyManage?code=beta',
      root,
    );
    expect(after.data[0]!.groupName).toBeNull();
  });

  it('keeps a user limit with the company and changes it', async () => {
    await okCall(t, 'POST', '/api-user/company/update', root, { id: acme.companyId, userLimit: 25 });
    const r = await okCall<{ userLimit: number | null }[]>(
      t,
      'GET',
      '/api-user/company/getCompanyManage?code=acme',
      root,
    );
    expect(r.data[0]!.userLimit).toBe(25);
    const bad = await t.call('POST', '/api-user/company/update', root, { id: acme.companyId, userLimit: 0 });
    expect(bad.json()).toMatchObject({ rtnCode: 400, field: 'userLimit' });
  });

  it("refuses a new member beyond the company's user limit", async () => {
    await okCall(t, 'POST', '/api-user/company/update', root, { id: acme.companyId, userLimit: 1 });
    const member = {
      peoplename: 'Extra',
      username: 'acme-extra',
      organizationid: await rootOrgId(t, acme.token),
      password: MEMBER_PASSWORD,
    };
    const refused = await t.call('POST', '/api-user/users/save', acme.token, member, { lang: 'en' });
    expect(refused.json()).toMatchObject({
      msg: 'The company has reached its limit of 1 users; please contact the platform operator',
    });
    await okCall(t, 'POST', '/api-user/company/update', root, { id: acme.companyId, userLimit: null });
    await okCall(t, 'POST', '/api-user/users/save', acme.token, member);
  });
});

describe('timed tasks', () => {
  interface Task {
    kind: string;
    seconds: number;
    paused: boolean;
    lastStatus: string | null;
    lastDurationMs: number | null;
  }
  const tasks = async () =>
    Object.fromEntries(
      (await okCall<Task[]>(t, 'GET', '/api-user/timetask/getTaskList', root)).data.map((x) => [x.kind, x]),
    );

  it('lists every recurring job; pauses, resumes and runs one now, recording the run', async () => {
    const before = await tasks();
    expect(before['repair.overdue']).toMatchObject({ seconds: 60, paused: false });
    expect(before['platform.cleanup']).toMatchObject({ seconds: 3600 });

    await okCall(t, 'POST', '/api-user/timetask/pause', root, { kind: 'platform.cleanup' });
    expect((await tasks())['platform.cleanup']!.paused).toBe(true);
    await okCall(t, 'POST', '/api-user/timetask/run', root, { kind: 'platform.cleanup' });
    let ran: Task | undefined;
    for (let i = 0; i < 100 && !ran?.lastStatus; i++) {
      await new Promise((r) => setTimeout(r, 100));
      ran = (await tasks())['platform.cleanup'];
    }
    expect(ran).toMatchObject({ lastStatus: 'done', paused: true });
    expect(ran!.lastDurationMs).toBeGreaterThanOrEqual(0);
    await okCall(t, 'POST', '/api-user/timetask/resume', root, { kind: 'platform.cleanup' });
    expect((await tasks())['platform.cleanup']!.paused).toBe(false);

    const unknown = await t.call('POST', '/api-user/timetask/run', root, { kind: 'no.such' }, { lang: 'en' });
    expect(unknown.json()).toMatchObject({ rtnCode: 400, field: 'kind' });
  });

  it("lists the one-off jobs, such as a company's export, with their company and result; not the recurring ones", async () => {
    const queued = await okCall<{ id: number }>(t, 'POST', '/api-manage/equipment/exportexcel', admin, {});
    expect(queued.data.id).toBeGreaterThan(0);
    interface Job {
      kind: string;
      status: string;
      companyName: string | null;
      durationMs: number | null;
    }
    let export_: Job | undefined;
    for (let i = 0; i < 100 && export_?.status !== 'done'; i++) {
      if (i) await new Promise((r) => setTimeout(r, 100));
      const jobs = await okCall<Job[]>(t, 'GET', '/api-user/timetask/getJobPage?page=1&limit=20', root);
      expect(jobs.data.some((j) => j.kind === 'repair.overdue' || j.kind === 'platform.cleanup')).toBe(false);
      export_ = jobs.data.find((j) => j.kind === 'resource-export');
    }
    expect(export_).toMatchObject({ status: 'done', companyName: '演示工厂' });
    expect(export_!.durationMs).toBeGreaterThanOrEqual(0);
    const done = await t.call('GET', '/api-user/timetask/getJobPage?page=1&limit=5&status=done', root);
    expect((done.json() as { count: number }).count).toBeGreaterThan(0);
    expect((await t.call('GET', '/api-user/timetask/getJobPage', admin)).statusCode).toBe(403);
  });
});

describe('notices for chosen companies', () => {
  it('shows a notice only to the companies it names, and one for everybody to all', async () => {
    await okCall(t, 'POST', '/api-user/feedback/addSysNotice', root, {
      content: 'Maintenance for acme tonight',
      companyIds: [acme.companyId],
    });
    const seen = await okCall<{ content: string } | null>(
      t,
      'GET',
      '/api-user/feedback/getLatestSysNotice',
      acme.token,
    );
    expect(seen.data?.content).toBe('Maintenance for acme tonight');
    const other = await okCall<{ content: string } | null>(t, 'GET', '/api-user/feedback/getLatestSysNotice', admin);
    expect(other.data?.content).not.toBe('Maintenance for acme tonight');
    const log = await t.call('GET', '/api-user/users-anon/getloglist');
    expect(log.statusCode).toBe(200);
    expect(JSON.stringify(log.json())).not.toContain('acme tonight');
    await okCall(t, 'POST', '/api-user/feedback/addSysNotice', root, { content: 'New release for all' });
    const all = await okCall<{ content: string } | null>(t, 'GET', '/api-user/feedback/getLatestSysNotice', admin);
    expect(all.data?.content).toBe('New release for all');
  });
});

describe('feedback', () => {
  it('goes from a tenant user to the operator, whose answer comes back as a message; a closed one takes none', async () => {
    const sent = await okCall<{ id: number }>(t, 'POST', '/api-user/feedback/addFeedBack', admin, {
      content: 'The ledger export is slow',
    });
    const list = await okCall<{ id: number; companyName: string; username: string; state: number }[]>(
      t,
      'GET',
      '/api-user/feedback/getFeedBackPage?state=0',
      root,
    );
    expect(list.data).toContainEqual(expect.objectContaining({ id: sent.data.id, username: 'admin', state: 0 }));

    await okCall(t, 'POST', '/api-user/feedback/answerFeedBack', root, { id: sent.data.id, answer: 'Fixed in 2.1' });
    const mine = await okCall<{ id: number; state: number; answer: string }[]>(
      t,
      'GET',
      '/api-user/feedback/getMyFeedBack',
      admin,
    );
    expect(mine.data[0]).toMatchObject({ id: sent.data.id, state: 1, answer: 'Fixed in 2.1' });
    const msgs = await okCall<{ title: string; content: string }[]>(t, 'GET', '/api-core/msg/page', admin);
    expect(JSON.stringify(msgs.data)).toContain('Fixed in 2.1');

    await okCall(t, 'POST', '/api-user/feedback/closeFeedBack', root, { id: sent.data.id });
    const late = await t.call(
      'POST',
      '/api-user/feedback/answerFeedBack',
      root,
      { id: sent.data.id, answer: 'again' },
      { lang: 'en' },
    );
    expect(late.json()).toMatchObject({ msg: 'This feedback is already closed' });
    const empty = await t.call('POST', '/api-user/feedback/addFeedBack', admin, { content: '' });
    expect(empty.json()).toMatchObject({ rtnCode: 400, field: 'content' });
  });
});

describe('pictures', () => {
  it('registers an uploaded image, shows the chosen one publicly and removes it', async () => {
    const png = SAMPLE_FILES['photo.png']!;
    const { payload, headers } = multipart(png.data, 'bg.png', png.type);
    const up = await t.call('POST', '/api-file/files/upload', root, payload, headers);
    const fileId = up.json().data.id as number;
    const added = await okCall<{ id: number; url: string }>(t, 'POST', '/api-user/opsys/addSysPicture', root, {
      kind: 'login',
      fileId,
      chosen: true,
    });
    const chosen = await t.call('GET', '/api-user/opsys/getChosenPictures');
    expect(chosen.json().data).toMatchObject({ login: added.data.url, banner: null });
    const image = await t.call('GET', added.data.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    await okCall(t, 'POST', '/api-file/files/delSysPicture', root, { id: added.data.id });
    expect((await t.call('GET', added.data.url)).statusCode).toBe(404);
  });
});

describe('menu editor', () => {
  it("keeps the operator's names per language and order, and tells what a change reaches", async () => {
    const ledger = menuId('equipment.ledger');
    await okCall(t, 'POST', '/api-user/sys/update', root, { id: ledger, titles: { en: 'Asset register' } });
    const en = await okCall<Record<string, string>>(t, 'GET', '/api-user/sys/menuLocale?lang=en', admin);
    expect(en.data[ledger.replace(/-/g, '')]).toBe('Asset register');
    await okCall(t, 'POST', '/api-user/sys/updateSort', root, { list: [{ id: ledger, sort: 0 }] });
    const info = await okCall<{ titles: Record<string, string>; companyCount: number; companies: string[] }>(
      t,
      'GET',
      `/api-user/sys/getMenuInfo?menuId=${ledger}`,
      root,
    );
    expect(info.data.titles).toEqual({ en: 'Asset register' });
    expect(info.data.companyCount).toBeGreaterThanOrEqual(2);
    expect(info.data.companies).toContain('Company acme');
    const audit = await t.db.query<{ record_id: string }>(
      "select record_id from audit_log where entity = 'operator' and record_id = '/api-user/sys/updateSort'",
    );
    expect(audit.rows).toHaveLength(1);
  });
});
