/** The device dictionary (spec 7.1): machines or moulds as {ID, CODE, NAME}, per tenant, permission and data scope. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, secondTenant, tenantOf, userWithCodes } from '../../platform/resources/testkit.js';
import { withTenant } from '../../platform/tenancy/tenant-tx.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: string;
let tenantId: number;
const URL = '/api-manage/equipment/deviceDict';
type Item = { ID: number; CODE: string; NAME: string };

const insert = (tenant: number, table: string, row: Record<string, unknown>) =>
  withTenant(t.db, tenant, null, async (tx) => Number((await tx.insert<{ id: string }>(table, row, 'id')).id));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  tenantId = (await tenantOf(t, admin)).tenantId;
});
afterAll(async () => t?.close());

describe('GET /api-manage/equipment/deviceDict', () => {
  it('lists live machines by default and moulds with type 2, never another tenant’s', async () => {
    const machine = await insert(tenantId, 'equipment', { code: 'DDICT-M1', name: 'Dict press' });
    const gone = await insert(tenantId, 'equipment', { code: 'DDICT-M2', name: 'Dict gone', deleted_at: new Date() });
    const mould = await insert(tenantId, 'moulds', { code: 'DDICT-D1', name: 'Dict die' });
    const other = await secondTenant(t, 'ddict');
    const foreign = await insert(other.tenantId, 'equipment', { code: 'DDICT-X1', name: 'Dict foreign' });

    const machines = (await api<Item[]>(t, 'GET', `${URL}?keyword=DDICT`, admin)).data;
    expect(machines).toEqual([{ ID: machine, CODE: 'DDICT-M1', NAME: 'Dict press' }]);
    expect(machines.map((m) => m.ID)).not.toContain(gone);
    expect(machines.map((m) => m.ID)).not.toContain(foreign);

    const moulds = (await api<Item[]>(t, 'GET', `${URL}?type=2&keyword=DDICT`, admin)).data;
    expect(moulds).toEqual([{ ID: mould, CODE: 'DDICT-D1', NAME: 'Dict die' }]);

    const theirs = (await api<Item[]>(t, 'GET', `${URL}?keyword=DDICT`, other.token)).data;
    expect(theirs).toEqual([{ ID: foreign, CODE: 'DDICT-X1', NAME: 'Dict foreign' }]);
  });

  it('asks for the ledger permission of the kind listed', async () => {
    const ledgerOnly = await userWithCodes(t, tenantId, 'ddict_ledger', ['equipment:ledger:view']);
    expect((await t.call('GET', URL, ledgerOnly)).statusCode).toBe(200);
    expect((await t.call('GET', `${URL}?type=2`, ledgerOnly)).statusCode).toBe(403);
    const mouldOnly = await userWithCodes(t, tenantId, 'ddict_mould', ['eqmold:eqmoldlist:view']);
    expect((await t.call('GET', `${URL}?type=2`, mouldOnly)).statusCode).toBe(200);
    expect((await t.call('GET', URL, mouldOnly)).statusCode).toBe(403);
    expect((await t.call('GET', URL, null)).statusCode).toBe(401);
  });

  it('lists only the machines within the caller’s data scope', async () => {
    const token = await userWithCodes(t, tenantId, 'ddict_own', ['equipment:ledger:view']);
    const { userId } = await tenantOf(t, token);
    const role = await withTenant(t.db, tenantId, null, (tx) =>
      tx.query<{ role_id: number }>('select role_id from user_roles where tenant_id = $1 and user_id = $2', [
        tenantId,
        userId,
      ]),
    );
    await api(t, 'POST', '/api-user/role/update', admin, {
      id: Number(role.rows[0]!.role_id),
      name: 'role_ddict_own',
      dataScope: 'own',
    });
    const mine = await insert(tenantId, 'equipment', { code: 'DDOWN-1', name: 'Mine', responsible_id: userId });
    await insert(tenantId, 'equipment', { code: 'DDOWN-2', name: 'Not mine' });
    const seen = (await api<Item[]>(t, 'GET', `${URL}?keyword=DDOWN`, token)).data;
    expect(seen.map((m) => m.ID)).toEqual([mine]);
  });

  it('refuses a bad type or keyword with the field named', async () => {
    for (const q of ['type=3', 'type=x', `keyword=${'k'.repeat(101)}`]) {
      const r = await t.call('GET', `${URL}?${q}`, admin);
      expect(r.statusCode).toBe(400);
      expect(JSON.stringify(await r.json())).toMatch(/type|keyword/);
    }
  });
});
