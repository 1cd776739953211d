import { tenantTimeZone, todayIn } from '../../platform/reports/filters.js';
import { readContext } from '../../platform/resources/read.js';
import { updateRow } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { notifyStep } from '../../platform/workflow/notify.js';
import { totalSql } from './consumption.js';
import { targetEntity } from './resources.js';

interface TargetRow {
  id: number;
  month: string;
  energy_type: string;
  organization_id: number | null;
  workshop_id: number | null;
  line_id: number | null;
  equipment_id: number | null;
  target: string;
  responsible_id: number | null;
  place: string | null;
}

const lastDay = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y!, m!, 0)).toISOString().slice(0, 10);
};

/**
 * The targets of this month (the tenant's) not yet told about, of the places and energy types of the meters given
 * (all when none): each whose place's consumption so far has passed it tells its responsible person and the members of the
 * message type `energytarget`, once (notifiedAt). Returns how many were passed.
 */
export async function checkTargets(tx: TenantTx, meterIds?: readonly number[]): Promise<number> {
  const timeZone = await tenantTimeZone(tx);
  const month = todayIn(timeZone).slice(0, 7);
  const targets = await tx.query<TargetRow>(
    `select t.id, t.month, t.energy_type, t.organization_id, t.workshop_id, t.line_id, t.equipment_id, t.target,
            t.responsible_id,
            coalesce(e.name, l.linename, w.workshopname, o.organization_name) as place
       from energy_targets t
       left join equipment e on e.tenant_id = t.tenant_id and e.id = t.equipment_id
       left join lines l on l.tenant_id = t.tenant_id and l.id = t.line_id
       left join workshops w on w.tenant_id = t.tenant_id and w.id = t.workshop_id
       left join organizations o on o.tenant_id = t.tenant_id and o.id = t.organization_id
      where t.tenant_id = $1 and t.month = $2 and t.notified_at is null
        and ($3::bigint[] is null or exists (
             select 1 from energy_meters em where em.tenant_id = $1 and em.id = any($3::bigint[])
                and em.energy_type = t.energy_type
                and (t.organization_id is null or t.organization_id = em.organization_id)
                and (t.workshop_id is null or t.workshop_id = em.workshop_id)
                and (t.line_id is null or t.line_id = em.line_id)
                and (t.equipment_id is null or t.equipment_id = em.equipment_id)))
      order by t.id limit 200`,
    [tx.tenantId, month, meterIds ? [...meterIds] : null],
  );
  let passed = 0;
  for (const t of targets.rows) {
    const q = totalSql(
      {
        from: `${t.month}-01`,
        to: lastDay(t.month),
        timeZone,
        energyType: t.energy_type,
        ...(t.organization_id ? { organizationId: Number(t.organization_id) } : {}),
        ...(t.workshop_id ? { workshopId: Number(t.workshop_id) } : {}),
        ...(t.line_id ? { lineId: Number(t.line_id) } : {}),
        ...(t.equipment_id ? { equipmentId: Number(t.equipment_id) } : {}),
      },
      tx.tenantId,
    );
    const total = await tx.query<{ quantity: string }>(q.text, q.values);
    if (Number(total.rows[0]?.quantity ?? 0) <= Number(t.target)) continue;
    passed++;
    const ctx = await readContext(tx, targetEntity, 'zh');
    await updateRow(tx, ctx, t.id, { notifiedAt: new Date().toISOString() }, { system: true });
    const no = t.place ? `${t.month} ${t.place}` : t.month;
    await notifyStep(
      tx,
      targetEntity,
      { id: t.id, remark: no },
      'exceeded',
      t.responsible_id ? [t.responsible_id] : [],
    );
  }
  return passed;
}
