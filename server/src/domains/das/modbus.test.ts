import { ServerTCP } from 'modbus-serial';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, tenantOf } from '../../platform/resources/testkit.js';
import { withTenant } from '../../platform/tenancy/tenant-tx.js';
import { freePort } from '../../test/das-kit.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { hostPort, modbusTargets, pollTargets } from './modbus.js';

type Row = Record<string, unknown>;
let t: TestApp;
let admin: string;
let tenantId: number;
let server: ServerTCP;
let port: number;
const holding = new Map<number, number>([
  [10, 615],
  [11, 1],
]);
const input = new Map<number, number>([[3, 4321]]);

beforeAll(async () => {
  port = await freePort();
  server = new ServerTCP(
    {
      getHoldingRegister: (addr: number) => holding.get(addr) ?? 0,
      getInputRegister: (addr: number) => input.get(addr) ?? 0,
    },
    { host: '127.0.0.1', port, unitID: 1 },
  );
  t = await createTestApp();
  admin = await t.login('admin');
  tenantId = (await tenantOf(t, admin)).tenantId;
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((r) => server.close(() => r()));
});

describe('Modbus TCP polling', () => {
  it('reads holding and input registers per tag and stores them like any reading', async () => {
    const eq = (await api<Row[]>(t, 'GET', '/api-manage/equipment/page?page=1&limit=1', admin)).data[0]!;
    const g = await api<Row>(t, 'POST', '/api-das/gateway/save', admin, {
      code: 'MB-1',
      name: 'PLC',
      protocol: 'modbus',
      address: `127.0.0.1:${port}`,
      unitId: 1,
      pollSeconds: 1,
    });
    const d = await api<Row>(t, 'POST', '/api-das/device/save', admin, {
      code: 'PRESS',
      name: 'Press',
      gatewayId: g.data.id,
      equipmentId: eq.id,
    });
    for (const tag of [
      { key: 'temp', name: 'Oil temperature', scale: 0.1, register: 10 },
      { key: 'run', name: 'Run', dataType: 'enum', role: 'runState', register: 11 },
      { key: 'count', name: 'Strokes', register: 3, registerKind: 'input' },
    ])
      await api(t, 'POST', '/api-das/device/tag/save', admin, { ...tag, deviceId: d.data.id });
    const now = Date.now();
    const targets = await withTenant(t.db, tenantId, null, (tx) => modbusTargets(tx, now));
    expect(await pollTargets(t.app, targets)).toBe(3);
    await t.app.das.writer.flush();
    const live = (await api<Row>(t, 'GET', `/api-das/device/live?id=${d.data.id}`, admin)).data;
    const values = Object.fromEntries((live.tags as Row[]).map((x) => [x.key, x.value]));
    expect(values).toEqual({ temp: 61.5, run: 1, count: 4321 });
    expect(live.state).toBe('running');
    // Not due again before its interval (1 s), due after it.
    expect(await withTenant(t.db, tenantId, null, (tx) => modbusTargets(tx, now + 200))).toHaveLength(0);
    expect(await withTenant(t.db, tenantId, null, (tx) => modbusTargets(tx, now + 1500))).toHaveLength(1);
  });

  it('reads an address as host and port', () => {
    expect(hostPort('10.0.0.5')).toEqual({ host: '10.0.0.5', port: 502 });
    expect(hostPort('plc-1:1502')).toEqual({ host: 'plc-1', port: 1502 });
    expect(hostPort('[::1]:502')).toEqual({ host: '::1', port: 502 });
    expect(hostPort('a:99999')).toBeNull();
  });
});
