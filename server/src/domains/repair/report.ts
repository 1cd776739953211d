import type { Lang } from '../../platform/i18n/index.js';
import { readContext } from '../../platform/resources/read.js';
import type { WireRow } from '../../platform/resources/types.js';
import { createRow } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { notifyStep } from '../../platform/workflow/notify.js';
import { recordStep } from '../../platform/workflow/steps.js';
import { onDutyNow } from './on-duty.js';
import { repairEntity } from './resources.js';
import { nextCode, repairSettings, setMachineStopped } from './rules.js';

/** What a reporter may say; everything else of a new order is the system's. */
const REPORTED = ['equipmentId', 'source', 'phenomenon', 'urgency', 'stopped', 'pictures', 'attachments', 'planFinish'];

/**
 * Reports a breakdown: numbers the order, places it where the machine stands, sets its deadlines from the
 * repair settings, hands it to the work group of the machine's line (whose members on shift now are told),
 * and puts a stopped machine into 维修中.
 */
export async function reportRepair(
  tx: TenantTx,
  body: WireRow,
  lang: Lang,
  reporterId: number | null,
  reportedBy: string | null = null,
  /** What the system knows of the breakdown beyond the report: a check's findings (never from a request). */
  known: { findings?: unknown } = {},
) {
  const ctx = await readContext(tx, repairEntity, lang);
  const input: WireRow = {};
  for (const k of REPORTED) if (body[k] !== undefined) input[k] = body[k];
  if (body.custom !== undefined) input.custom = body.custom;
  const machine = await tx.query<{ workshop_id: number | null; line_id: number | null }>(
    'select workshop_id, line_id from equipment where tenant_id = $1 and id = $2 and deleted_at is null',
    [tx.tenantId, Number.isSafeInteger(Number(body.equipmentId)) ? Number(body.equipmentId) : 0],
  );
  const place = machine.rows[0];
  const group = place?.line_id
    ? await tx.query<{ workgroup_id: number; leader_id: number | null }>(
        `select l.workgroup_id, g.leader_id from work_group_lines l
           join work_groups g on g.tenant_id = l.tenant_id and g.id = l.workgroup_id and g.deleted_at is null and g.state = 1
          where l.tenant_id = $1 and l.line_id = $2 order by l.id limit 1`,
        [tx.tenantId, place.line_id],
      )
    : null;
  const settings = await repairSettings(tx);
  const now = new Date();
  const urgency = typeof input.urgency === 'string' && input.urgency in settings.response ? input.urgency : 'normal';
  const row = await createRow(
    tx,
    ctx,
    {
      ...input,
      ...(known.findings ? { findings: known.findings } : {}),
      code: await nextCode(tx, now),
      state: 'reported',
      reporterId,
      reportedBy,
      reportedAt: now.toISOString(),
      workshopId: place?.workshop_id ?? null,
      lineId: place?.line_id ?? null,
      workgroupId: input.workgroupId ?? group?.rows[0]?.workgroup_id ?? null,
      respondBy: new Date(now.getTime() + settings.response[urgency]! * 60_000).toISOString(),
      dueAt: new Date(now.getTime() + settings.repair[urgency]! * 3_600_000).toISOString(),
    },
    { system: true },
  );
  await recordStep(tx, repairEntity, row.id, 'report', null, 'reported', null, null);
  if (row.stopped) await setMachineStopped(tx, lang, row.equipmentId, true);
  if (row.workgroupId) await notifyWorkgroup(tx, row);
  return row;
}

/**
 * Tells the work group of a new order: its leader and the members on a shift now; when the group keeps no
 * roster (or nobody of it is on shift), every member, so that a breakdown is never told to no one.
 */
async function notifyWorkgroup(tx: TenantTx, row: WireRow): Promise<void> {
  const group = await tx.query<{ user_id: number; leader: boolean }>(
    `select user_id, false as leader from work_group_members where tenant_id = $1 and workgroup_id = $2
     union select leader_id, true from work_groups where tenant_id = $1 and id = $2 and leader_id is not null`,
    [tx.tenantId, row.workgroupId],
  );
  const members = group.rows.filter((m) => !m.leader).map((m) => Number(m.user_id));
  const leaders = group.rows.filter((m) => m.leader).map((m) => Number(m.user_id));
  const onShift = members.length ? (await onDutyNow(tx, new Date(), members)).map((m) => m.id) : [];
  const told = new Set([...leaders, ...(onShift.length ? onShift : members)]);
  await notifyStep(tx, repairEntity, row, 'report', [...told]);
}
