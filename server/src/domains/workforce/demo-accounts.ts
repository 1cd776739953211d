import type { Database } from '../../db/index.js';
import { hashPassword } from '../../platform/auth/password.js';
import { t } from '../../platform/i18n/index.js';
import { readContext } from '../../platform/resources/read.js';
import { createRow } from '../../platform/resources/write.js';
import { type TenantTx, withTenant } from '../../platform/tenancy/tenant-tx.js';
import { roleEntity } from '../org/resources.js';
import { setUserRoles } from '../org/users.js';
import { P } from '../repair/permissions.js';

/**
 * The demo people who may sign in, with the administrator's password: the leader of 机加一班 and two of its
 * technicians, so that report, dispatch, take, finish and acceptance can be tried by separate people.
 */
export const DEMO_ACCOUNTS = {
  teamLeader: 'demo_zhangwei',
  technicians: ['demo_liqiang', 'demo_wangfang'],
} as const;

/** What a technician may not do on a repair order: dispatch it, accept or send back its repair, cancel or delete it. */
const NOT_FOR_TECHNICIANS = [P.assign, P.audit, P.close, P.delete];

async function roleFromTemplate(tx: TenantTx, name: string, code: string, remark: string): Promise<number> {
  const template = await tx.query<{ id: number }>('select id from role_templates where name = $1', [
    t('zh', 'seed.roleTemplates.repairTechnician'),
  ]);
  const role = await createRow(tx, await readContext(tx, roleEntity, 'zh'), {
    name,
    code,
    remark,
    state: 1,
    templateId: template.rows[0]?.id,
  });
  return Number(role.id);
}

async function fill(tx: TenantTx, password: string): Promise<void> {
  // Made by a start that died before it recorded the step.
  const made = await tx.query("select 1 from roles where tenant_id = $1 and code = 'team_leader'", [tx.tenantId]);
  if (made.rows.length) return;
  const leaderRole = await roleFromTemplate(tx, '班组长', 'team_leader', '派工、验收本班组的维修工单');
  const technicianRole = await roleFromTemplate(tx, '维修技术员', 'technician', '接单、维修、完工');
  await tx.query(
    `delete from role_buttons rb using menu_buttons b
      where rb.tenant_id = $1 and rb.role_id = $2 and b.id = rb.button_id and b.ext4 = any($3::text[])`,
    [tx.tenantId, technicianRole, NOT_FOR_TECHNICIANS],
  );
  const hash = await hashPassword(password);
  const people = [
    { username: DEMO_ACCOUNTS.teamLeader, role: leaderRole, leader: true },
    ...DEMO_ACCOUNTS.technicians.map((username) => ({ username, role: technicianRole, leader: false })),
  ];
  for (const p of people) {
    const user = await tx.query<{ id: number }>('select id from users where tenant_id = $1 and username = $2', [
      tx.tenantId,
      p.username,
    ]);
    const id = Number(user.rows[0]!.id);
    await tx.update(
      'users',
      id,
      { password_hash: hash, is_repairman: true, is_repair_leader: p.leader, must_change_password: false },
      'id',
    );
    await setUserRoles(tx, id, [p.role]);
  }
}

/** The demo accounts' roles and passwords (one transaction); says who they are. */
export async function fillDemoAccounts(db: Database, tenantId: number, password: string): Promise<string[]> {
  const admin = await db.query<{ id: number }>('select id from users where tenant_id = $1 order by id limit 1', [
    tenantId,
  ]);
  await withTenant(db, tenantId, admin.rows[0]?.id ?? null, (tx) => fill(tx, password));
  return [
    `Demo accounts of work group 机加一班, same password as admin: ${DEMO_ACCOUNTS.teamLeader} (team leader: dispatches and accepts), ${DEMO_ACCOUNTS.technicians.join(', ')} (technicians: take and finish).`,
  ];
}
