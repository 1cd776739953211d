import { randomBytes } from 'node:crypto';
import { AppError } from '../../platform/http/errors.js';
import type { Lang } from '../../platform/i18n/index.js';
import { machineScopeOf } from '../../platform/reports/scope.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { phenomenonIn } from '../repair/check-findings.js';
import { OPEN_STATES } from '../repair/resources.js';

/*
 * Kanban boards for a TV: a workshop's repair board (open orders by state with their waiting time) and an
 * equipment-status wall. A board's link token names its tenant (like the repair report links), so the TV opens
 * it without a session; the tenant revokes it.
 */

export const BOARD_KINDS = ['repair', 'equipment'] as const;
export type BoardKind = (typeof BOARD_KINDS)[number];

export interface Board {
  id: number;
  kind: BoardKind;
  name: string;
  workshopId: number | null;
  workshopName: string | null;
  token: string;
  createdAt: string;
  revokedAt: string | null;
  /** Who made it: the board shows the machines and orders of that member's data scope. */
  createdBy: number | null;
}

/** A board token: the tenant, a dash and a random part. */
export function parseBoardToken(token: string): { tenantId: number; token: string } | null {
  const m = /^([1-9]\d{0,15})-([A-Za-z0-9_-]{20,64})$/.exec(token);
  return m ? { tenantId: Number(m[1]), token } : null;
}

const BOARD_COLUMNS = `b.id, b.kind, b.name, b.workshop_id as "workshopId", w.workshopname as "workshopName", b.token,
  b.created_at as "createdAt", b.revoked_at as "revokedAt", b.created_by::int as "createdBy"`;

export async function listBoards(tx: TenantTx): Promise<Board[]> {
  const r = await tx.query<Board>(
    `select ${BOARD_COLUMNS} from board_links b left join workshops w on w.tenant_id = b.tenant_id and w.id = b.workshop_id
      where b.tenant_id = $1 order by b.revoked_at nulls first, b.id`,
    [tx.tenantId],
  );
  return r.rows;
}

export async function createBoard(
  tx: TenantTx,
  input: { kind: BoardKind; name: string; workshopId?: number | null },
): Promise<Board> {
  if (input.workshopId) {
    const w = await tx.query('select 1 from workshops where tenant_id = $1 and id = $2 and deleted_at is null', [
      tx.tenantId,
      input.workshopId,
    ]);
    if (!w.rows.length) throw new AppError('business', 'reports.errors.workshopMissing', {}, 'workshopId');
  }
  const token = `${tx.tenantId}-${randomBytes(18).toString('base64url')}`;
  const row = await tx.insert<{ id: number }>(
    'board_links',
    { kind: input.kind, name: input.name, workshop_id: input.workshopId ?? null, token, created_by: tx.userId },
    'id',
  );
  return (await listBoards(tx)).find((b) => b.id === Number(row.id))!;
}

export async function revokeBoard(tx: TenantTx, id: number): Promise<number> {
  const r = await tx.query(
    'update board_links set revoked_at = now() where tenant_id = $1 and id = $2 and revoked_at is null',
    [tx.tenantId, id],
  );
  return r.rowCount;
}

/** The live board behind a token (not found for an unknown or revoked one). */
export async function boardOf(tx: TenantTx, token: string): Promise<Board> {
  const r = await tx.query<Board>(
    `select ${BOARD_COLUMNS} from board_links b left join workshops w on w.tenant_id = b.tenant_id and w.id = b.workshop_id
      where b.tenant_id = $1 and b.token = $2 and b.revoked_at is null`,
    [tx.tenantId, token],
  );
  if (!r.rows[0]) throw new AppError('notFound', 'reports.errors.boardUnknown');
  return r.rows[0];
}

/**
 * What a board shows now: its open orders (repair) or its machines (equipment), only of its workshop and of the
 * data scope of the member who made it (reports/scope.ts).
 */
export async function boardView(tx: TenantTx, token: string, lang: Lang) {
  const board = await boardOf(tx, token);
  const { token: _token, createdBy, ...info } = board;
  const scope = await machineScopeOf(tx, createdBy, lang);
  const inScope = scope ? ` and (${scope.on('e')})` : '';
  if (board.kind === 'repair') {
    const orders = await tx.query(
      `select o.id, o.code, o.state, o.urgency, o.stopped, o.phenomenon, o.findings, e.code as "equipmentCode", e.name as "equipmentName",
              u.peoplename as "assigneeName", o.reported_at as "reportedAt",
              floor(extract(epoch from (now() - o.reported_at)) / 60)::int as "waitingMinutes",
              (coalesce(o.plan_finish, o.due_at) < now() or (o.state in ('reported', 'dispatched') and o.respond_by < now())) as overdue
         from repair_orders o join equipment e on e.tenant_id = o.tenant_id and e.id = o.equipment_id
         left join users u on u.tenant_id = o.tenant_id and u.id = o.assignee_id
        where o.tenant_id = $1 and o.state = any($2::text[]) and ($3::bigint is null or o.workshop_id = $3)${inScope}
        order by o.reported_at`,
      [tx.tenantId, [...OPEN_STATES], board.workshopId],
    );
    const shown = orders.rows.map(({ findings, ...o }) => ({
      ...o,
      phenomenon: phenomenonIn({ ...o, findings }, lang),
    }));
    return { board: info, states: OPEN_STATES, orders: shown, at: new Date().toISOString() };
  }
  const machines = await tx.query(
    `select e.id, e.code, e.name, e.status, coalesce(i.names ->> $3, i.name, e.status) as "statusName",
            exists (select 1 from repair_orders o where o.tenant_id = e.tenant_id and o.equipment_id = e.id
                     and o.state = any($4::text[])) as "openOrder"
       from equipment e
       left join items ip on ip.tenant_id = e.tenant_id and ip.parent_id is null and ip.code = 'eqstatus'
       left join items i on i.tenant_id = e.tenant_id and i.parent_id = ip.id and i.code = e.status
      where e.tenant_id = $1 and e.deleted_at is null and ($2::bigint is null or e.workshop_id = $2)${inScope}
      order by e.code limit 500`,
    [tx.tenantId, board.workshopId, lang, [...OPEN_STATES]],
  );
  return { board: info, machines: machines.rows, at: new Date().toISOString() };
}
