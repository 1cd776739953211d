import { businessError } from '../../platform/http/errors.js';
import { menuPermissions } from '../../platform/resources/permit.js';
import { defineEntity } from '../../platform/resources/registry.js';
import type { FieldIssue } from '../../platform/resources/types.js';
import { deleteOwnMenus } from '../menu/tenant-menus.js';
import { FORM_MENU_URL, formEntityName, PROJECT_MENU_URL, syncFormMenu } from './form-menu.js';

/** A form's menu leaf: its records' page or, for a project form, its projects' page. */
const OWN_MENU = (t: string) =>
  `m.owner_tenant_id = ${t}.tenant_id and m.url in ('${FORM_MENU_URL}', '${PROJECT_MENU_URL}') and m.query = ${t}.code`;

/**
 * A tenant's own form (settings > diyform): a new kind of record declared as data. Its fields are rows of
 * custom_fields with entity `form/<code>`; its records share the table form_records (see forms.ts).
 * The code names the form in routes, menus and permission codes, so it never changes.
 */
export const customFormEntity = defineEntity({
  name: 'customform',
  table: 'custom_forms',
  ns: 'diyform',
  prefix: '/api-manage/customform',
  permissions: menuPermissions('setUp:diyform', ['setUp:diyform:design']),
  actions: ['page', 'all', 'get', 'save', 'update', 'del'],
  customFields: false,
  codeField: 'code',
  nameField: 'name',
  defaultSort: { field: 'code', dir: 'asc' },
  fields: [
    {
      name: 'code',
      type: 'string',
      required: true,
      unique: true,
      pattern: '[a-z][a-z0-9_]{0,39}',
      filter: 'like',
      sortable: true,
    },
    { name: 'name', type: 'string', required: true, maxLength: 60, filter: 'like', sortable: true },
    { name: 'nameEn', type: 'string', maxLength: 60 },
    { name: 'nameTw', type: 'string', maxLength: 60 },
    { name: 'description', type: 'text', maxLength: 500 },
    { name: 'state', type: 'enum', options: [1, 0], required: true, default: 1, readOnly: true, filter: 'eq' },
    // A project form (/project/index): its records are projects that are executed and audited; the execution
    // fields (keys of its fields) are filled in when it is executed, the others when it is planned.
    { name: 'project', type: 'boolean', default: false, filter: 'eq' },
    { name: 'executionFields', type: 'json', list: false },
    {
      name: 'fieldCount',
      type: 'integer',
      computed: (t) =>
        `select count(*)::int from custom_fields f where f.tenant_id = ${t}.tenant_id and f.entity = 'form/' || ${t}.code`,
    },
    {
      name: 'recordCount',
      type: 'integer',
      computed: (t) =>
        `select count(*)::int from form_records r where r.tenant_id = ${t}.tenant_id and r.form_id = ${t}.id`,
    },
    {
      name: 'published',
      type: 'boolean',
      computed: (t) => `exists (select 1 from menus m where ${OWN_MENU(t)})`,
    },
    {
      name: 'menuParentId',
      type: 'string',
      list: false,
      computed: (t) => `select m.parent_id::text from menus m where ${OWN_MENU(t)} limit 1`,
    },
  ],
  hooks: {
    async check(_tx, row, existing) {
      const issues: FieldIssue[] = [];
      if (existing && row.code !== existing.code) issues.push({ field: 'code', key: 'unchangeable' });
      // A published form's menu is the page of its kind (records or projects): it is unpublished before it changes.
      if (existing?.published === true && Boolean(row.project) !== Boolean(existing.project))
        issues.push({ field: 'project', key: 'diyform.projectWhilePublished' });
      const keys = row.executionFields;
      if (keys !== null && keys !== undefined && (!Array.isArray(keys) || keys.some((k) => typeof k !== 'string')))
        issues.push({ field: 'executionFields', key: 'invalid' });
      return issues;
    },
    async afterWrite(tx, before, after) {
      if (before) await syncFormMenu(tx, after);
    },
    async beforeDelete(tx, rows) {
      const used = await tx.query<{ form_id: number; n: number }>(
        `select form_id, count(*)::int as n from form_records where tenant_id = $1 and form_id = any($2::bigint[])
          group by form_id order by form_id limit 1`,
        [tx.tenantId, rows.map((r) => r.id)],
      );
      const hit = used.rows[0];
      if (hit) {
        const form = rows.find((r) => Number(r.id) === Number(hit.form_id))!;
        throw businessError('diyform.formHasRecords', { code: form.code, count: hit.n });
      }
      const codes = rows.map((r) => String(r.code));
      await tx.query('delete from custom_fields where tenant_id = $1 and entity = any($2::text[])', [
        tx.tenantId,
        codes.map(formEntityName),
      ]);
      await deleteOwnMenus(tx, [FORM_MENU_URL, PROJECT_MENU_URL], codes);
    },
  },
});
