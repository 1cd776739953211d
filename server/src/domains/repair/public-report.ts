import { randomBytes } from 'node:crypto';
import { AppError, notFound } from '../../platform/http/errors.js';
import type { Lang } from '../../platform/i18n/index.js';
import { staticModel } from '../../platform/resources/model.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { phenomenonIn } from './check-findings.js';
import { reportRepair } from './report.js';
import { OPEN_STATES, repairEntity } from './resources.js';

/** Reports and photos one address may send in an hour, and one machine may receive. */
export const REPORTS_PER_ADDRESS = 20;
export const REPORTS_PER_MACHINE = 40;

/** A link token names its tenant (so the page works in that tenant's own transaction) and a random part. */
export function parseToken(token: string): { tenantId: number; token: string } | null {
  const m = /^([1-9]\d{0,15})-([A-Za-z0-9_-]{20,64})$/.exec(token);
  return m ? { tenantId: Number(m[1]), token } : null;
}

/** The machine's live link, made when it has none. */
export async function reportLink(tx: TenantTx, equipmentId: number): Promise<{ token: string; url: string }> {
  const machine = await tx.find('equipment', equipmentId, 'id');
  if (!machine) throw notFound();
  const live = await tx.query<{ token: string }>(
    'select token from report_links where tenant_id = $1 and equipment_id = $2 and revoked_at is null',
    [tx.tenantId, equipmentId],
  );
  const token = live.rows[0]?.token ?? `${tx.tenantId}-${randomBytes(18).toString('base64url')}`;
  if (!live.rows[0]) await tx.insert('report_links', { equipment_id: equipmentId, token, created_by: tx.userId });
  return { token, url: `/report/${token}` };
}

/** Revokes the machine's link: its QR label stops working; a new link can be made. */
export async function revokeReportLink(tx: TenantTx, equipmentId: number): Promise<number> {
  const r = await tx.query(
    'update report_links set revoked_at = now() where tenant_id = $1 and equipment_id = $2 and revoked_at is null',
    [tx.tenantId, equipmentId],
  );
  return r.rowCount;
}

/** The machine behind a live link (404 for an unknown or revoked one). */
export async function linkedMachine(tx: TenantTx, token: string) {
  const r = await tx.query<{
    id: number;
    code: string;
    name: string;
    workshop_name: string | null;
    line_name: string | null;
  }>(
    `select e.id, e.code, e.name, w.workshopname as workshop_name, l.linename as line_name
       from report_links k join equipment e on e.tenant_id = k.tenant_id and e.id = k.equipment_id and e.deleted_at is null
       left join workshops w on w.tenant_id = e.tenant_id and w.id = e.workshop_id
       left join lines l on l.tenant_id = e.tenant_id and l.id = e.line_id
      where k.tenant_id = $1 and k.token = $2 and k.revoked_at is null`,
    [tx.tenantId, token],
  );
  const m = r.rows[0];
  if (!m) throw new AppError('notFound', 'repair.errors.linkUnknown');
  return m;
}

/** What the public page shows: the machine and its open orders, nothing else. */
export async function publicView(tx: TenantTx, token: string, lang: Lang) {
  const m = await linkedMachine(tx, token);
  const open = await tx.query<{
    code: string;
    phenomenon: string;
    findings: unknown;
    state: string;
    reported_at: Date;
  }>(
    `select code, phenomenon, findings, state, reported_at from repair_orders
      where tenant_id = $1 and equipment_id = $2 and state = any($3::text[]) order by reported_at desc limit 20`,
    [tx.tenantId, m.id, [...OPEN_STATES]],
  );
  const stateField = staticModel(repairEntity).byName.get('state')!;
  return {
    equipment: { code: m.code, name: m.name, workshopName: m.workshop_name, lineName: m.line_name },
    openOrders: open.rows.map((o) => ({
      code: o.code,
      phenomenon: phenomenonIn(o, lang),
      stateName: stateField.optionLabel(lang, o.state),
      reportedAt: o.reported_at,
    })),
  };
}

/** Counts a public report against the address and machine limits (429 past them), in the tenant's transaction. */
export async function countReport(tx: TenantTx, equipmentId: number, address: string): Promise<void> {
  await tx.query("select pg_advisory_xact_lock(hashtext('report_hits'), $1::int)", [tx.tenantId]);
  const r = await tx.query<{ by_address: string; by_machine: string }>(
    `select count(*) filter (where address = $3) as by_address, count(*) filter (where equipment_id = $2) as by_machine
       from report_hits where tenant_id = $1 and created_at > now() - interval '1 hour' and (address = $3 or equipment_id = $2)`,
    [tx.tenantId, equipmentId, address],
  );
  const hits = r.rows[0]!;
  if (Number(hits.by_address) >= REPORTS_PER_ADDRESS || Number(hits.by_machine) >= REPORTS_PER_MACHINE)
    throw new AppError('tooMany', 'repair.errors.tooManyReports');
  await tx.insert('report_hits', { equipment_id: equipmentId, address });
}

/** A breakdown reported from the public page: source QR scan, no user, the name the reporter gave. */
export async function publicReport(
  tx: TenantTx,
  token: string,
  body: { phenomenon?: string; stopped?: boolean; urgency?: string; reporterName?: string; pictures?: unknown },
  address: string,
  lang: Lang,
) {
  const m = await linkedMachine(tx, token);
  await countReport(tx, m.id, address);
  const row = await reportRepair(
    tx,
    {
      equipmentId: m.id,
      phenomenon: body.phenomenon,
      stopped: body.stopped ?? false,
      urgency: body.urgency ?? 'normal',
      source: 'scan',
      pictures: body.pictures ?? null,
    },
    lang,
    null,
    body.reporterName?.trim().slice(0, 50) || null,
  );
  return { code: row.code as string };
}
