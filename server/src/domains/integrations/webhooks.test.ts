import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantOf } from '../../platform/resources/testkit.js';
import { withTenant } from '../../platform/tenancy/tenant-tx.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { okCall } from '../org/testkit.js';
import { reportRepair } from '../repair/report.js';

// Outgoing webhooks against a real HTTP receiver on a free port: a committed write is delivered, signed, after it
// commits; a rolled-back one never; failures are retried with backoff and logged; a target that keeps failing
// is switched off and the administrators are told; private targets are refused unless the operator allows them.

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** When it arrived, and what the receiver answered. */
  at: number;
  status: number;
}
const received: Received[] = [];
/** Answers per path: a list of status codes used in turn (the last one repeats). */
const answers = new Map<string, number[]>();
let receiver: http.Server;
let base: string;

let t: TestApp;
let admin: string;
let tenantId: number;
let userId: number;
let machineId: number;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += String(c);
    });
    req.on('end', () => {
      const list = answers.get(req.url ?? '') ?? [200];
      const status = list.length > 1 ? list.shift()! : list[0]!;
      received.push({ path: req.url ?? '', headers: req.headers, body, at: Date.now(), status });
      res.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await createTestApp({
    webhookAllowPrivate: true,
    webhookRetrySeconds: 1,
    webhookMaxAttempts: 3,
    webhookDisableAfter: 3,
  });
  admin = await t.login('admin');
  ({ tenantId, userId } = await tenantOf(t, admin));
  const { data } = await okCall<{ id: number }[]>(t, 'GET', '/api-manage/equipment/page?page=1&limit=1', admin);
  machineId = data[0]!.id;
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

async function subscribe(path: string, events: string[]) {
  const { data } = await okCall<{ subscription: { id: number }; secret: string }>(
    t,
    'POST',
    '/api-integration/webhooks/save',
    admin,
    { name: `hook ${path}`, url: `${base}${path}`, events },
  );
  return data;
}

async function until<T>(what: () => Promise<T | undefined | null | false>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const deliveries = async (subscriptionId: number) =>
  (
    await okCall<
      {
        status: string;
        attempts: number;
        statusCode: number | null;
        responseMs: number | null;
        event: string;
        error: string | null;
      }[]
    >(t, 'GET', `/api-integration/webhooks/deliveries?subscriptionId=${subscriptionId}&page=1&limit=50`, admin)
  ).data;

const report = () =>
  okCall<{ id: number; code: string }>(t, 'POST', '/api-manage/maintaintask/save', admin, {
    equipmentId: machineId,
    phenomenon: 'spindle noise',
    urgency: 'high',
  });

describe('a webhook subscription', () => {
  it('gets a signed delivery of a reported repair order after the write commits, with the record and its version', async () => {
    const { subscription, secret } = await subscribe('/reported', ['repair.reported']);
    const order = (await report()).data;
    const got = await until(async () => received.find((r) => r.path === '/reported'));
    const body = JSON.parse(got.body);
    expect(body).toMatchObject({
      event: 'repair.reported',
      entity: 'maintaintask',
      record: { id: order.id, code: order.code },
    });
    expect(body.version).toBe(body.record.updatedAt);
    const ts = got.headers['x-eam-timestamp'] as string;
    expect(Math.abs(Number(ts) - Date.now() / 1000)).toBeLessThan(60);
    const expected = createHmac('sha256', secret).update(`${ts}.${got.body}`).digest('hex');
    expect(got.headers['x-eam-signature']).toBe(`sha256=${expected}`);
    expect(got.headers['x-eam-event']).toBe('repair.reported');
    const log = await until(async () => {
      const d = await deliveries(subscription.id);
      return d[0]?.status === 'sent' ? d : null;
    });
    expect(log[0]).toMatchObject({ event: 'repair.reported', status: 'sent', attempts: 1, statusCode: 200 });
    expect(log[0]!.responseMs).toEqual(expect.any(Number));
  });

  it('gets nothing for a write that rolls back', async () => {
    await subscribe('/rolled', ['repair.reported']);
    const before = await t.db.query<{ n: string }>('select count(*) as n from webhook_deliveries');
    await expect(
      withTenant(t.db, tenantId, userId, async (tx) => {
        await reportRepair(tx, { equipmentId: machineId, phenomenon: 'never happened', urgency: 'high' }, 'en', userId);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // A committed report afterwards is delivered: once it has arrived, the rolled-back one had its chance too.
    await report();
    await until(async () => received.filter((r) => r.path === '/rolled').length >= 1);
    await new Promise((r) => setTimeout(r, 1200));
    const bodies = received.filter((r) => r.path === '/rolled').map((r) => JSON.parse(r.body).record.phenomenon);
    expect(bodies).toEqual(['spindle noise']);
    const after = await t.db.query<{ n: string }>('select count(*) as n from webhook_deliveries');
    // Two subscriptions hear repair.reported by now (/reported and /rolled): one committed report, two deliveries.
    expect(Number(after.rows[0]!.n) - Number(before.rows[0]!.n)).toBe(2);
  });

  it('retries a failed delivery with backoff and logs each outcome', async () => {
    answers.set('/flaky', [500, 200]);
    const { subscription } = await subscribe('/flaky', ['repair.dispatched']);
    await okCall(t, 'POST', '/api-integration/webhooks/test', admin, { id: subscription.id });
    // The first attempt is answered 500 and logged as such, the second (a second later) 200.
    const firstLogged = until(async () => {
      const d = await deliveries(subscription.id);
      return d[0] && d[0].attempts >= 1 ? d[0] : null;
    });
    const first = await firstLogged;
    expect(first.event).toBe('ping');
    if (first.attempts === 1) expect(first).toMatchObject({ status: 'retrying', statusCode: 500, error: 'httpStatus' });
    const done = await until(async () => {
      const d = await deliveries(subscription.id);
      return d[0]?.status === 'sent' ? d[0] : null;
    });
    expect(done).toMatchObject({ attempts: 2, statusCode: 200, error: null });
    const calls = received.filter((r) => r.path === '/flaky');
    expect(calls.map((c) => c.status)).toEqual([500, 200]);
    // The retry waited its backoff (WEBHOOK_RETRY_SECONDS = 1 here).
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(900);
    expect(calls[1]!.body).toBe(calls[0]!.body);
  });

  it('is switched off after repeated failures and the administrators are told in their language', async () => {
    answers.set('/broken', [503]);
    const { subscription } = await subscribe('/broken', ['repair.reported']);
    await okCall(t, 'POST', '/api-integration/webhooks/test', admin, { id: subscription.id });
    const off = await until(async () => {
      const { data } = await okCall<{ id: number; state: number; failures: number }[]>(
        t,
        'GET',
        '/api-integration/webhooks/page?page=1&limit=50',
        admin,
      );
      const s = data.find((x) => x.id === subscription.id);
      return s?.state === 0 ? s : null;
    }, 20_000);
    expect(off.failures).toBe(3);
    const msgs = await t.call('GET', '/api-core/msg/page?page=1&limit=5', admin, undefined, { lang: 'en' });
    const titles = msgs.json().data.map((m: { title: string }) => m.title);
    expect(titles).toContain('Webhook subscription "hook /broken" failed 3 times in a row and has been switched off');
    // Switched off: a test send is refused naming the field, and a new event queues nothing for it.
    const refused = await t.call(
      'POST',
      '/api-integration/webhooks/test',
      admin,
      { id: subscription.id },
      { lang: 'en' },
    );
    expect(refused.json()).toMatchObject({ rtnCode: 201, field: 'id' });
    const n = (await deliveries(subscription.id)).length;
    await report();
    expect((await deliveries(subscription.id)).length).toBe(n);
  }, 30_000);

  it('never lists its signing secret', async () => {
    const { secret } = await subscribe('/secret', ['repair.closed']);
    const list = await t.call('GET', '/api-integration/webhooks/page?page=1&limit=50', admin);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret);
  });
});

describe('a webhook target', () => {
  it('may not be private or loopback unless the operator allows it, nor malformed or unknown', async () => {
    const cases: [string, string][] = [
      [`${base}/x`, 'Deliveries to private or loopback addresses are not allowed: 127.0.0.1'],
      ['http://10.1.2.3/hook', 'Deliveries to private or loopback addresses are not allowed: 10.1.2.3'],
      ['http://[::1]:8080/hook', 'Deliveries to private or loopback addresses are not allowed: ::1'],
      ['ftp://example.com/x', 'The address must be a valid http or https URL'],
      ['not a url', 'The address must be a valid http or https URL'],
      ['http://no-such-host.invalid/x', 'The host name of this address cannot be resolved: no-such-host.invalid'],
    ];
    t.app.config.webhookAllowPrivate = false;
    try {
      for (const [url, msg] of cases) {
        const r = await t.call(
          'POST',
          '/api-integration/webhooks/save',
          admin,
          { name: 'x', url, events: ['repair.reported'] },
          { lang: 'en' },
        );
        expect({ url, body: r.json() }).toMatchObject({ url, body: { rtnCode: 201, field: 'url', msg } });
      }
    } finally {
      t.app.config.webhookAllowPrivate = true;
    }
  });

  it('that turns private after subscribing is refused when delivering, and logged so', async () => {
    const { subscription } = await subscribe('/private', ['repair.closed']);
    t.app.config.webhookAllowPrivate = false;
    try {
      await okCall(t, 'POST', '/api-integration/webhooks/test', admin, { id: subscription.id });
      const d = await until(async () => {
        const list = await deliveries(subscription.id);
        return list[0]?.error ? list[0] : null;
      });
      expect(d).toMatchObject({ error: 'private', statusCode: null });
    } finally {
      t.app.config.webhookAllowPrivate = true;
    }
    expect(received.filter((r) => r.path === '/private')).toHaveLength(0);
  });

  it('refuses unknown events naming the field', async () => {
    const r = await t.call(
      'POST',
      '/api-integration/webhooks/save',
      admin,
      { name: 'x', url: `${base}/x`, events: ['repair.exploded'] },
      { lang: 'en' },
    );
    expect(r.json()).toMatchObject({ rtnCode: 201, field: 'events', msg: 'Unknown event: repair.exploded' });
  });
});
