import type { Database } from '../../db/index.js';
import { readContext } from '../../platform/resources/read.js';
import { createRow } from '../../platform/resources/write.js';
import { type TenantTx, withTenant } from '../../platform/tenancy/tenant-tx.js';
import { runAction } from '../../platform/workflow/run.js';
import { formFieldsEntity, loadForm } from './forms.js';
import { performProject, saveProject } from './project.js';
import { projectEntity } from './project-resources.js';
import { customFormEntity } from './resources.js';

/** name, zh/en/tw labels, type, required, execution field */
const FIELDS: [string, string, string, string, string, boolean, boolean][] = [
  ['target', '改造目标', 'Goal', '改造目標', 'string', true, false],
  ['budget', '预算（元）', 'Budget', '預算（元）', 'integer', false, false],
  ['result', '完成情况', 'Result', '完成情況', 'text', true, true],
  ['hours', '实际工时', 'Hours worked', '實際工時', 'integer', false, true],
];

/** name, plan values, execution values, steps taken */
const PROJECTS: [string, Record<string, unknown>, Record<string, unknown> | null, string[]][] = [
  ['1号线冲床节能改造', { target: '电机更换为永磁同步电机', budget: 80000 }, null, []],
  ['空压站联控改造', { target: '三台空压机联动控制', budget: 120000 }, { hours: 40 }, ['start']],
  [
    '喷涂线排风改造',
    { target: '排风量提升20%', budget: 60000 },
    { result: '风机与风管更换完成', hours: 96 },
    ['start', 'submit'],
  ],
  [
    '数控车间照明改造',
    { target: 'LED照明全覆盖', budget: 30000 },
    { result: '全部完成', hours: 60 },
    ['start', 'submit', 'approve'],
  ],
];

/** A project form (equipment improvement projects) with plan and execution fields, and projects in each state. */
async function fill(tx: TenantTx): Promise<void> {
  const fctx = await readContext(tx, customFormEntity, 'zh');
  await createRow(
    tx,
    fctx,
    {
      code: 'eqimprove',
      name: '设备改造项目',
      nameEn: 'Equipment improvement',
      nameTw: '設備改造項目',
      project: true,
      executionFields: FIELDS.filter((f) => f[6]).map((f) => f[0]),
    },
    { system: true },
  );
  const form = await loadForm(tx, 'eqimprove');
  const dctx = await readContext(tx, formFieldsEntity(form), 'zh');
  for (const [i, [name, label, labelEn, labelTw, fieldType, required]] of FIELDS.entries())
    await createRow(tx, dctx, { name, label, labelEn, labelTw, fieldType, required, sort: i }, { system: true });
  const pctx = await readContext(tx, projectEntity, 'zh');
  for (const [name, plan, execution, steps] of PROJECTS) {
    const made = await saveProject(tx, 'zh', { formId: form.id, name, values: plan });
    for (const step of steps) {
      if (step === 'submit' && execution) {
        await performProject(tx, 'zh', { id: made.id, values: execution });
      }
      await runAction(tx, projectEntity, step, made.id, {}, 'zh', { ctx: pctx });
    }
    if (steps.length === 1 && execution) {
      await performProject(tx, 'zh', { id: made.id, values: execution });
    }
  }
}

export async function fillProjectDemo(db: Database, tenantId: number): Promise<void> {
  const admin = await db.query<{ id: number }>('select id from users where tenant_id = $1 order by id limit 1', [
    tenantId,
  ]);
  await withTenant(db, tenantId, admin.rows[0]?.id ?? null, fill);
}
