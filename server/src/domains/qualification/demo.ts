import type { Database } from '../../db/index.js';
import { readContext } from '../../platform/resources/read.js';
import { createRow } from '../../platform/resources/write.js';
import { type TenantTx, withTenant } from '../../platform/tenancy/tenant-tx.js';
import { runAction } from '../../platform/workflow/run.js';
import { certificateEntity } from './resources.js';
import { certificateLink } from './verify.js';

/** login, kind, level, days since issue, days left (null: no end), revoked */
const CERTS: [string, string, string, number, number | null, boolean][] = [
  ['demo_zhangwei', 'electrician', 'senior', 700, 395, false],
  ['demo_liqiang', 'welder', 'intermediate', 1080, 20, false],
  ['demo_wangfang', 'mechanic', 'technician', 365, null, false],
  ['demo_liujun', 'lifting', 'junior', 1200, -15, false],
  ['demo_zhaolei', 'pressureVessel', 'senior', 300, 800, true],
];

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Certificates of the demo staff: valid, ending within the notice period, without end, expired and revoked. */
async function fill(tx: TenantTx): Promise<void> {
  const ctx = await readContext(tx, certificateEntity, 'zh');
  const users = await tx.query<{ id: string; username: string }>(
    'select id, username from users where tenant_id = $1 and username = any($2::text[])',
    [tx.tenantId, CERTS.map((c) => c[0])],
  );
  const idOf = new Map(users.rows.map((u) => [u.username, Number(u.id)]));
  for (const [i, [login, kind, level, since, left, revoked]] of CERTS.entries()) {
    const userId = idOf.get(login);
    if (!userId) continue;
    const row = await createRow(
      tx,
      ctx,
      {
        userId,
        kind,
        level,
        certificateNo: `T${String(tx.tenantId).padStart(4, '0')}${String(i + 1).padStart(6, '0')}`,
        issuer: '市应急管理局',
        issuedOn: day(-since),
        validUntil: left === null ? null : day(left),
      },
      { system: true },
    );
    await certificateLink(tx, Number(row.id));
    if (revoked)
      await runAction(tx, certificateEntity, 'revoke', row.id, { revokeReason: '年审未通过' }, 'zh', { ctx });
  }
}

export async function fillQualificationDemo(db: Database, tenantId: number): Promise<void> {
  const admin = await db.query<{ id: number }>('select id from users where tenant_id = $1 order by id limit 1', [
    tenantId,
  ]);
  await withTenant(db, tenantId, admin.rows[0]?.id ?? null, fill);
}
