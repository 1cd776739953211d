import { defineEntity } from '../../platform/resources/registry.js';
import type { EntityDef } from '../../platform/resources/types.js';

/** The permission codes of the qualification page's buttons (menu maintain.qualification). */
export const P = {
  view: 'maintain:qualification:view',
  add: 'maintain:qualification:add',
  edit: 'maintain:qualification:edit',
  delete: 'maintain:qualification:delete',
  import: 'maintain:qualification:import',
  export: 'maintain:qualification:export',
  revoke: 'maintain:qualification:invalidate',
  print: 'maintain:qualification:print',
} as const;

const permissions: EntityDef['permissions'] = {
  view: P.view,
  add: P.add,
  edit: P.edit,
  delete: P.delete,
  import: P.import,
  export: P.export,
};

export const CERT_KINDS = [
  'electrician',
  'welder',
  'mechanic',
  'pressureVessel',
  'lifting',
  'forklift',
  'refrigeration',
  'boiler',
  'other',
] as const;
export const CERT_LEVELS = ['junior', 'intermediate', 'senior', 'technician', 'seniorTechnician'] as const;

/** Days before a certificate's end on which its holder and the keepers of the page are told. */
export const EXPIRY_NOTICE_DAYS = 30;

/** Where a certificate (alias t) stands: revoked, past its end, or valid. */
export const statusSql = (t: string) =>
  `(case when ${t}.state = 'revoked' then 'revoked' when ${t}.valid_until < current_date then 'expired' else 'valid' end)`;

/**
 * A maintenance qualification certificate of a person (spec 1 "maintenance qualifications with a QR code"): its
 * kind, level, number, issue and end dates and the scan of the paper. A QR code per certificate opens a public
 * page that says whether it is valid, expired or revoked. Who may maintain which machine categories with it is
 * kept in maintainqualification rows that name it (check/execute.ts refuses the others).
 */
export const certificateEntity = defineEntity({
  name: 'maintaincertificate',
  table: 'maintain_certificates',
  ns: 'qualification',
  prefix: '/api-manage/maintaincertificate',
  permissions,
  codeField: 'certificateNo',
  nameField: 'certificateNo',
  defaultSort: { field: 'validUntil', dir: 'asc' },
  kept: { columns: ['verify_token'], indexes: ['maintain_certificates_verify_token'] },
  fields: [
    { name: 'userId', type: 'ref', ref: 'user', required: true, filter: 'eq' },
    { name: 'kind', type: 'enum', options: CERT_KINDS, required: true, filter: 'eq', sortable: true },
    { name: 'level', type: 'enum', options: CERT_LEVELS, filter: 'eq' },
    {
      name: 'certificateNo',
      type: 'string',
      required: true,
      unique: true,
      maxLength: 64,
      filter: 'like',
      sortable: true,
    },
    { name: 'issuer', type: 'string', maxLength: 100, list: false },
    { name: 'issuedOn', type: 'date', required: true, sortable: true },
    { name: 'validUntil', type: 'date', filter: 'range', sortable: true },
    { name: 'scan', type: 'attachments', list: false },
    { name: 'state', type: 'enum', options: ['valid', 'revoked'], readOnly: true, default: 'valid', filter: 'eq' },
    {
      name: 'status',
      type: 'enum',
      options: ['valid', 'expired', 'revoked'],
      computed: statusSql,
      filter: 'eq',
    },
    { name: 'revokedAt', type: 'datetime', readOnly: true, list: false },
    { name: 'revokeReason', type: 'string', maxLength: 200, readOnly: true, list: false },
    { name: 'expiryNotifiedAt', type: 'datetime', readOnly: true, list: false, exportable: false },
    { name: 'remark', type: 'string', maxLength: 500, list: false },
  ],
  workflow: {
    stateField: 'state',
    actions: [
      {
        name: 'revoke',
        from: ['valid'],
        to: 'revoked',
        permission: P.revoke,
        fields: [{ name: 'revokeReason', type: 'string', required: true, maxLength: 200 }],
        stamp: { at: 'revokedAt' },
        danger: true,
      },
      {
        name: 'restore',
        from: ['revoked'],
        to: 'valid',
        permission: P.revoke,
        apply: () => ({ revokedAt: null, revokeReason: null }),
      },
    ],
  },
  hooks: {
    async check(_tx, row) {
      const issued = typeof row.issuedOn === 'string' ? row.issuedOn.slice(0, 10) : null;
      const until = typeof row.validUntil === 'string' ? row.validUntil.slice(0, 10) : null;
      return issued && until && until < issued
        ? [{ field: 'validUntil', key: 'qualification.errors.endBeforeIssue' }]
        : [];
    },
  },
});

export const qualificationEntities = [certificateEntity];
