import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantOf } from '../../platform/resources/testkit.js';
import { withTenant } from '../../platform/tenancy/tenant-tx.js';
import { notifyStep } from '../../platform/workflow/notify.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { memberWithCodes, okCall } from '../org/testkit.js';
import { repairEntity } from '../repair/resources.js';

// E-mail notices through a real SMTP server on a free port: a person who chose a kind gets its notices by mail,
// in the language they chose, and a storm of notices within the digest window arrives as one mail.

interface Mail {
  to: string[];
  raw: string;
}
let mails: Mail[] = [];
let smtp: SMTPServer;
let t: TestApp;
let admin: string;
let tenantId: number;
let adminId: number;
let orderRow: Record<string, unknown>;

/** Decodes an RFC 2047 header (=?UTF-8?B|Q?...?=) and a base64 text body. */
function decodeHeader(v: string): string {
  return v.replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data
            .replace(/_/g, ' ')
            .replace(/=([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}
function parse(raw: string): { subject: string; text: string } {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head!.replace(/\r?\n[ \t]+/g, ' ');
  const subject = decodeHeader(/^subject: (.*)$/im.exec(unfolded)?.[1] ?? '');
  const body = rest.join('\n\n');
  const text = /content-transfer-encoding: base64/i.test(unfolded)
    ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    : body;
  return { subject, text };
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c) => {
        raw += String(c);
      });
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  // An 8-second window: the storm's six transactions took longer than a 2-second one beside other suites in CI.
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, emailDigestSeconds: 8, emailFrom: 'eam@test.local' });
  admin = await t.login('admin');
  ({ tenantId, userId: adminId } = await tenantOf(t, admin));
  const { data } = await okCall<{ id: number }[]>(t, 'GET', '/api-manage/equipment/page?page=1&limit=1', admin);
  const order = await okCall<Record<string, unknown>>(t, 'POST', '/api-manage/maintaintask/save', admin, {
    equipmentId: data[0]!.id,
    phenomenon: 'spindle noise',
    urgency: 'high',
  });
  orderRow = order.data;
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

async function until<T>(what: () => T | undefined | null | false, ms = 40_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = what();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting for mail');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A storm: the system tells the people of `n` steps of the order, each step its own transaction. */
async function storm(userIds: number[], n: number, action = 'dispatch') {
  for (let i = 0; i < n; i++)
    await withTenant(t.db, tenantId, null, (tx) => notifyStep(tx, repairEntity, orderRow, action, userIds));
}

describe('e-mail notices', () => {
  it('refuses a kind without a valid e-mail address on the account, and an unknown kind, naming the field', async () => {
    await t.db.query('update users set email = null where id = $1', [adminId]);
    const noMail = await t.call(
      'POST',
      '/api-integration/emailNotices/save',
      admin,
      { kinds: ['assigned'] },
      { lang: 'en' },
    );
    expect(noMail.json()).toMatchObject({ rtnCode: 201, field: 'kinds' });
    await t.db.query("update users set email = 'admin at factory' where id = $1", [adminId]);
    const bad = await t.call(
      'POST',
      '/api-integration/emailNotices/save',
      admin,
      { kinds: ['assigned'] },
      { lang: 'en' },
    );
    expect(bad.json()).toMatchObject({
      rtnCode: 201,
      field: 'kinds',
      msg: 'The e-mail address on your account (admin at factory) is not a valid address; please correct it in your profile first',
    });
    const unknown = await t.call(
      'POST',
      '/api-integration/emailNotices/save',
      admin,
      { kinds: ['gossip'] },
      { lang: 'en' },
    );
    expect(unknown.json()).toMatchObject({ rtnCode: 201, field: 'kinds', msg: 'Unknown kind of notice: gossip' });
  });

  it('sends a storm of notices as one digest in the person’s language', async () => {
    await t.db.query("update users set email = 'admin@factory.test' where id = $1", [adminId]);
    const saved = await okCall<{ kinds: string[]; lang: string; choices: { label: string }[] }>(
      t,
      'POST',
      '/api-integration/emailNotices/save',
      admin,
      { kinds: ['assigned', 'approval'], lang: 'en' },
    );
    expect(saved.data).toMatchObject({ kinds: ['assigned', 'approval'], lang: 'en' });
    const zhUser = await memberWithCodes(t, admin, 'mailzh', ['repair_admin:task:view']);
    const zhId = (await tenantOf(t, zhUser.token)).userId;
    await t.db.query("update users set email = 'zhang@factory.test' where id = $1", [zhId]);
    await okCall(t, 'POST', '/api-integration/emailNotices/save', zhUser.token, { kinds: ['assigned'], lang: 'zh' });
    mails = [];
    await storm([adminId, zhId], 6);
    // The storm's six lines, and whatever else the system told the person meanwhile (a demo qualification that
    // ends soon, from its timed run), all in one digest whose subject counts them.
    const code = String(orderRow.code);
    const stormMails = (to: string) => mails.filter((m) => m.to.includes(to) && parse(m.raw).text.includes(code));
    const en = await until(() => stormMails('admin@factory.test')[0]);
    const zh = await until(() => stormMails('zhang@factory.test')[0]);
    const lines = (text: string) => text.split('\n').filter((l) => l.startsWith('- '));
    const enMail = parse(en.raw);
    expect(lines(enMail.text).filter((l) => l.includes(code))).toHaveLength(6);
    expect(enMail.subject, enMail.text).toBe(`Equipment platform: new notices (${lines(enMail.text).length})`);
    expect(enMail.text).toContain('[Assigned to me]');
    const zhMail = parse(zh.raw);
    expect(lines(zhMail.text).filter((l) => l.includes(code))).toHaveLength(6);
    expect(zhMail.subject, zhMail.text).toBe(`设备管理平台：您有 ${lines(zhMail.text).length} 条新通知`);
    expect(zhMail.text).toContain('[指派给我]');
    // One mail each for the whole storm, and nothing left waiting.
    await new Promise((r) => setTimeout(r, 2500));
    expect(stormMails('admin@factory.test')).toHaveLength(1);
    expect(stormMails('zhang@factory.test')).toHaveLength(1);
    const waiting = async () =>
      Number(
        (await t.db.query<{ n: string }>('select count(*) as n from email_outbox where sent_at is null')).rows[0]!.n,
      );
    for (const end = Date.now() + 40_000; (await waiting()) > 0; ) {
      if (Date.now() > end) throw new Error('notices still waiting');
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 90_000);

  it('sends only the kinds a person chose', async () => {
    mails = [];
    // Overdue was not chosen: nothing; an approval waiting was: a mail.
    await storm([adminId], 2, 'overdue');
    await storm([adminId], 1, 'approvalNext');
    const got = await until(() =>
      mails.find((m) => m.to.includes('admin@factory.test') && parse(m.raw).text.includes('[Approval waiting]')),
    );
    const mail = parse(got.raw);
    const lines = mail.text.split('\n').filter((l) => l.startsWith('- '));
    expect(lines.filter((l) => l.includes('[Approval waiting]'))).toHaveLength(1);
    expect(mail.subject, mail.text).toBe(`Equipment platform: new notices (${lines.length})`);
    expect(mails.some((m) => parse(m.raw).text.includes('[Overdue]'))).toBe(false);
  }, 90_000);
});
