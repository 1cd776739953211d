import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Json, secondTenant, tenantOf } from '../../platform/resources/testkit.js';
import { withTenant } from '../../platform/tenancy/tenant-tx.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { applyCycle } from './scheduling.js';

type Row = Record<string, unknown>;

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

const get = (url: string) => api<Row[]>(t, 'GET', url, admin);
const getOne = (url: string) => api<Row>(t, 'GET', url, admin);
const post = (url: string, body: unknown) => api<Row>(t, 'POST', url, admin, body);
const raw = async (url: string, body: unknown, lang = 'zh') =>
  (await t.call('POST', url, admin, body, { lang })).json() as Json;

interface Month {
  days: string[];
  members: { userId: number; userName: string; role: string; shifts: Record<string, { shiftName: string }> }[];
}

describe('demo work groups and shifts', () => {
  it('has two work groups per workshop with lines, members and a leader', async () => {
    const groups = await get('/api-user/workgroup/page?page=1&limit=20');
    expect(groups.count).toBe(4);
    const perShop = new Map<unknown, number>();
    for (const g of groups.data) perShop.set(g.workshopName, (perShop.get(g.workshopName) ?? 0) + 1);
    expect([...perShop.values()]).toEqual([2, 2]);
    const one = await getOne(`/api-user/workgroup/get?id=${groups.data[0]!.id}`);
    expect((one.data.lines as Row[]).length).toBeGreaterThan(0);
    const members = one.data.members as Row[];
    expect(members.length).toBe(3);
    expect(members.filter((m) => m.role === 'leader').map((m) => m.userId)).toEqual([one.data.leaderId]);
  });

  it('has the three shifts, the night one computed as not crossing midnight and 24:00 accepted', async () => {
    const shifts = await get('/api-user/shift/all');
    expect(shifts.data.map((s) => [s.name, s.startTime, s.endTime, s.crossesMidnight])).toEqual([
      ['夜班', '00:00', '08:00', false],
      ['早班', '08:00', '16:00', false],
      ['中班', '16:00', '24:00', false],
    ]);
  });
});

describe('shifts', () => {
  it('compute crossing midnight and fill work minutes from the span when left out', async () => {
    const s = await post('/api-user/shift/save', { code: 'N2', name: '大夜班', startTime: '22:00', endTime: '06:00' });
    expect(s.data.crossesMidnight).toBe(true);
    expect(s.data.workMinutes).toBe(480);
    expect((await getOne(`/api-user/shift/get?id=${s.data.id}`)).data.workMinutes).toBe(480);
  });

  it('refuse a bad time and work minutes longer than the shift, naming the field', async () => {
    const bad = await raw('/api-user/shift/save', { code: 'X1', name: 'x', startTime: '25:00', endTime: '06:00' });
    expect([bad.rtnCode, bad.field]).toEqual([201, 'startTime']);
    const long = await raw(
      '/api-user/shift/save',
      { code: 'X2', name: 'x', startTime: '08:00', endTime: '12:00', workMinutes: 300 },
      'en',
    );
    expect([long.rtnCode, long.field]).toEqual([201, 'workMinutes']);
    expect(long.msg).toBe('Work minutes cannot exceed the shift length of 240 minutes');
  });
});

describe('shift cycles', () => {
  it('accept shifts and rest days, list under cyclename, and refuse an unknown shift', async () => {
    const shifts = await get('/api-user/shift/all');
    const day = shifts.data.find((s) => s.name === '早班')!.id;
    const c = await post('/api-user/workgroupShifts/saveShiftCycle', { name: '测试周期', days: [day, null] });
    expect(c.data.dayCount).toBe(2);
    const names = await get('/api-user/workgroupShifts/cyclename');
    expect(names.data.map((x) => x.name)).toContain('测试周期');
    const bad = await raw('/api-user/workgroupShifts/saveShiftCycle', { name: '坏周期', days: [day, 999999] });
    expect([bad.rtnCode, bad.field]).toEqual([201, 'days']);
    const notList = await raw('/api-user/workgroupShifts/saveShiftCycle', { name: '坏周期', days: { a: 1 } });
    expect([notList.rtnCode, notList.field]).toEqual([201, 'days']);
  });
});

describe('applying a cycle to a work group', () => {
  let groupId: number;
  let cycleId: number;
  let shifts: Map<unknown, number>;
  let members: number[];

  beforeAll(async () => {
    const all = await get('/api-user/shift/all');
    shifts = new Map(all.data.map((s) => [s.name, s.id as number]));
    const g = await post('/api-user/workgroup/save', { code: 'TG-T', name: '测试班组' });
    groupId = g.data.id as number;
    const me = await getOne('/api-user/users/current');
    const u2 = (await get('/api-user/workgroup/page?page=1&limit=1&code=TG0101')).data[0]!.leaderId;
    members = [Number(me.data.id), Number(u2)];
    for (const userId of members) await post('/api-user/workgroupmember/save', { workgroupId: groupId, userId });
    const c = await post('/api-user/workgroupShifts/saveShiftCycle', {
      name: '两班一休',
      days: [shifts.get('早班'), shifts.get('中班'), null],
    });
    cycleId = c.data.id as number;
  });

  it('writes every member a shift per working day, in the month grid, and records the application', async () => {
    const r = await post('/api-user/workgroupShifts/save', {
      workgroupId: groupId,
      cycleId,
      startDate: '2030-02-26',
      endDate: '2030-03-04',
      firstDay: 1,
    });
    // 7 days from cycle day 1 (2030 has no 29 February): 中, 休, 早, 中, 休, 早, 中 -> 5 working days
    expect(r.data).toMatchObject({ members: 2, shiftsWritten: 10, restDays: 2 });
    const grid = (await getOne(`/api-user/workgroupShifts/memberShift?workgroupId=${groupId}&month=2030-03`))
      .data as unknown as Month;
    expect(grid.days.length).toBe(31);
    expect(grid.members.map((m) => m.userId).sort()).toEqual([...members].sort());
    const cells = (m: Month['members'][number]) =>
      ['2030-03-01', '2030-03-02', '2030-03-03', '2030-03-04', '2030-03-05'].map((d) => m.shifts[d]?.shiftName ?? '-');
    for (const m of grid.members) expect(cells(m)).toEqual(['中班', '-', '早班', '中班', '-']);
    const feb = (await getOne(`/api-user/workgroupShifts/memberShift?workgroupId=${groupId}&month=2030-02`))
      .data as unknown as Month;
    expect(Object.keys(feb.members[0]!.shifts).sort()).toEqual(['2030-02-26', '2030-02-28']);
    const log = await get(`/api-user/workgroupShifts/page?page=1&limit=5&workgroupId=${groupId}`);
    expect(log.data[0]).toMatchObject({ cycleName: '两班一休', shiftsWritten: 10, startDate: '2030-02-26' });
  });

  it('replaces the shifts of the range when applied again, and leaves other days alone', async () => {
    await post('/api-user/workgroupShifts/save', {
      workgroupId: groupId,
      cycleId,
      startDate: '2030-03-02',
      endDate: '2030-03-03',
    });
    const grid = (await getOne(`/api-user/workgroupShifts/memberShift?workgroupId=${groupId}&month=2030-03`))
      .data as unknown as Month;
    const m = grid.members[0]!;
    expect(['2030-03-01', '2030-03-02', '2030-03-03', '2030-03-04'].map((d) => m.shifts[d]?.shiftName)).toEqual([
      '中班',
      '早班',
      '中班',
      '中班',
    ]);
  });

  it('runs in the caller transaction: a failure after it leaves every shift as it was', async () => {
    const count = async () =>
      (await t.db.query<{ n: number }>('select count(*)::int as n from member_shifts')).rows[0]!.n;
    const before = await count();
    const { tenantId, userId } = await tenantOf(t, admin);
    const failed = withTenant(t.db, tenantId, userId, async (tx) => {
      const r = await applyCycle(tx, { workgroupId: groupId, cycleId, startDate: '2030-03-01', endDate: '2030-03-31' });
      expect(r.shiftsWritten).toBeGreaterThan(0);
      throw new Error('a later step failed');
    });
    await expect(failed).rejects.toThrow('a later step failed');
    expect(await count()).toBe(before);
  });

  it('refuses a cycle whose shift has been deleted since', async () => {
    const s = await post('/api-user/shift/save', { code: 'TMP', name: '临时班', startTime: '09:00', endTime: '10:00' });
    const c = await post('/api-user/workgroupShifts/saveShiftCycle', { name: '临时周期', days: [s.data.id] });
    await post('/api-user/shift/del', { ids: [s.data.id] });
    const r = await raw('/api-user/workgroupShifts/save', {
      workgroupId: groupId,
      cycleId: c.data.id,
      startDate: '2030-03-01',
      endDate: '2030-03-31',
    });
    expect([r.rtnCode, r.field]).toEqual([201, 'cycleId']);
  });

  it('refuses bad ranges, empty groups and unknown records with the field named', async () => {
    const base = { workgroupId: groupId, cycleId, startDate: '2030-03-10', endDate: '2030-03-01' };
    const backwards = await raw('/api-user/workgroupShifts/save', base, 'en');
    expect([backwards.rtnCode, backwards.field, backwards.msg]).toEqual([
      201,
      'endDate',
      'The end date cannot be before the start date',
    ]);
    const tooLong = await raw('/api-user/workgroupShifts/save', {
      ...base,
      startDate: '2030-01-01',
      endDate: '2031-06-01',
    });
    expect(tooLong.field).toBe('endDate');
    const badDate = await raw('/api-user/workgroupShifts/save', { ...base, startDate: '2030-02-30' });
    expect(badDate.field).toBe('startDate');
    const empty = await post('/api-user/workgroup/save', { code: 'TG-E', name: '空班组' });
    const noMembers = await raw('/api-user/workgroupShifts/save', {
      ...base,
      workgroupId: empty.data.id,
      endDate: '2030-03-11',
    });
    expect([noMembers.rtnCode, noMembers.field]).toEqual([201, 'workgroupId']);
    const outside = await raw('/api-user/workgroupShifts/save', { ...base, endDate: '2030-03-11', firstDay: 3 });
    expect(outside.field).toBe('firstDay');
  });

  it("cannot apply another tenant's cycle or read another tenant's group", async () => {
    const other = await secondTenant(t, 'wfb');
    const r = (
      await t.call('POST', '/api-user/workgroupShifts/save', other.token, {
        workgroupId: groupId,
        cycleId,
        startDate: '2030-03-01',
        endDate: '2030-03-02',
      })
    ).json() as Json;
    expect([r.rtnCode, r.field]).toEqual([201, 'workgroupId']);
    const grid = (
      await t.call('GET', `/api-user/workgroupShifts/memberShift?workgroupId=${groupId}&month=2030-03`, other.token)
    ).json() as { data: Month };
    expect(grid.data.members).toEqual([]);
  });
});

describe('equipment shifts', () => {
  it('refuse a range that ends before it starts', async () => {
    const eq = (await get('/api-manage/equipment/page?page=1&limit=1')).data[0]!;
    const shift = (await get('/api-user/shift/all')).data[0]!;
    const body = { equipmentId: eq.id, shiftId: shift.id, startDate: '2030-01-10', endDate: '2030-01-01' };
    const r = await raw('/api-user/equipmentShifts/save', body);
    expect([r.rtnCode, r.field]).toEqual([201, 'endDate']);
    const good = await post('/api-user/equipmentShifts/save', { ...body, endDate: '2030-12-31' });
    expect(good.data.shiftName).toBe(shift.name);
  });
});
