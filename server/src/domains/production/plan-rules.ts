import type { EntityHooks } from '../../platform/resources/types.js';

/** A task's station must be of the kind its procedure needs; its machine follows the station's unless given. */
export const planTaskHooks: EntityHooks = {
  async check(tx, row) {
    if (!row.stationId || !row.procedureId) return [];
    const r = await tx.query<{ ok: boolean }>(
      `select s.kind = p.station_kind as ok from stations s, procedures p
        where s.tenant_id = $1 and s.id = $2 and p.tenant_id = $1 and p.id = $3`,
      [tx.tenantId, row.stationId, row.procedureId],
    );
    return r.rows[0] && !r.rows[0].ok ? [{ field: 'stationId', key: 'production.errors.stationKind' }] : [];
  },
};
