import { defineEntity } from '../../platform/resources/registry.js';
import type { EntityHooks } from '../../platform/resources/types.js';

/** A record added through save is a shot report of a mounted mould: its shots count since the mount. */
const shotReportHooks: EntityHooks = {
  async check(tx, row) {
    if (row.recordType !== 'shots') return [{ field: 'recordType', key: 'useMouldRecords' }];
    const mould = await tx.find<{ equipment_id: number | null }>('moulds', row.mouldId, 'equipment_id');
    if (!mould?.equipment_id) return [{ field: 'mouldId', key: 'mouldNotMounted' }];
    if (row.equipmentId && Number(row.equipmentId) !== Number(mould.equipment_id))
      return [{ field: 'equipmentId', key: 'mouldNotMounted' }];
    return [];
  },
  async afterWrite(tx, _before, after) {
    await tx.query(
      `update moulds m set shots_since_mount = least(coalesce(m.shots_since_mount, 0) + $3, 2000000000), updated_at = now(), updated_by = $4
        where m.tenant_id = $1 and m.id = $2`,
      [tx.tenantId, after.mouldId, Number(after.shots ?? 0), tx.userId],
    );
    await tx.query(
      `update mould_records r set equipment_id = m.equipment_id from moulds m
        where r.tenant_id = $1 and r.id = $2 and m.tenant_id = r.tenant_id and m.id = r.mould_id and r.equipment_id is null`,
      [tx.tenantId, after.id],
    );
  },
};

/** The mould records (模具履历): mounts and unmounts (mould routes) and shot reports (save or the shots route). */
export const mouldRecordEntity = defineEntity({
  name: 'moldrecord',
  table: 'mould_records',
  ns: 'equipment',
  prefix: '/api-manage/moldRecords',
  paths: { save: ['shots'] },
  actions: ['page', 'all', 'get', 'save', 'exportexcel'],
  permissions: {
    view: ['eqmold:moldRecords:view', 'eqmold:eqmoldlist:view'],
    add: 'eqmold:eqmoldlist:mount',
    edit: 'eqmold:eqmoldlist:mount',
    delete: 'eqmold:eqmoldlist:delete',
    import: 'eqmold:eqmoldlist:import',
    export: 'eqmold:moldRecords:export',
  },
  nameField: 'remark',
  customFields: false,
  defaultSort: { field: 'recordDate', dir: 'desc' },
  fields: [
    { name: 'mouldId', type: 'ref', ref: 'mould', required: true, blocksDelete: false, filter: 'eq' },
    { name: 'equipmentId', type: 'ref', ref: 'equipment', blocksDelete: false, filter: 'eq' },
    {
      name: 'recordType',
      type: 'enum',
      options: ['shots', 'mount', 'unmount'],
      required: true,
      default: 'shots',
      filter: 'eq',
    },
    { name: 'shots', type: 'integer', required: true, min: 0, max: 100_000_000, default: 0 },
    { name: 'recordDate', type: 'datetime', required: true, defaultNow: true, filter: 'range', sortable: true },
    { name: 'remark', type: 'string', maxLength: 500 },
  ],
  hooks: shotReportHooks,
});
