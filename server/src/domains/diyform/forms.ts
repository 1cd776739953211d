import { businessError, notFound } from '../../platform/http/errors.js';
import { languages, t } from '../../platform/i18n/index.js';
import { customFieldEntity, fieldTypeIssues } from '../../platform/resources/custom-fields.js';
import { defineRuntimeEntities } from '../../platform/resources/registry.js';
import type { EntityDef, FieldDef } from '../../platform/resources/types.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { formEntityName, formPermission, formTitles } from './form-menu.js';

/** A form as the runtime entities need it. */
export interface FormRow {
  id: number;
  code: string;
  name: string;
  nameEn: string | null;
  nameTw: string | null;
  state: number;
  /** A project form: its records are projects' values, read by whoever works on projects. */
  project?: boolean;
}

/** The caller's tenant's form of a code (any state); 404 with a translated message when there is none. */
export async function loadForm(tx: TenantTx, code: string): Promise<FormRow> {
  const r = await tx.query<FormRow>(
    `select id, code, name, name_en as "nameEn", name_tw as "nameTw", state, project from custom_forms
      where tenant_id = $1 and code = $2`,
    [tx.tenantId, code],
  );
  if (!r.rows[0]) throw notFound('diyform.formNotFound');
  return { ...r.rows[0], id: Number(r.rows[0].id), state: Number(r.rows[0].state) };
}

const DESIGN = 'setUp:diyform:design';

/** Who works on projects (project:<action>, the buttons of /project/index and of a project form's menu) reads its form. */
const PROJECT_READERS = ['project:view', 'project:add', 'project:edit', 'project:execute', 'project:audit'];

/**
 * The records of one form: rows of form_records with that form_id (the entity's scope), every value in the
 * custom column as declared by the form's fields (custom_fields rows of entity form/<code>), so the engine
 * gives them its validation, list, filters, import, export and audit without any table per form.
 * Keyword search goes over the first text field.
 */
export function formRecordsEntity(form: FormRow, textField: string | null): EntityDef {
  const code = form.code;
  return {
    name: formEntityName(code),
    table: 'form_records',
    ns: 'diyform',
    prefix: `/api-manage/${formEntityName(code)}`,
    title: formTitles(form),
    permissions: {
      // Designers may look at the records (the preview of /setUp/diyform), not change them.
      view: [formPermission(code, 'view'), DESIGN, ...(form.project ? PROJECT_READERS : [])],
      add: formPermission(code, 'add'),
      edit: formPermission(code, 'edit'),
      delete: formPermission(code, 'delete'),
      import: formPermission(code, 'import'),
      export: formPermission(code, 'export'),
    },
    fields: [],
    nameField: textField ? `custom.${textField}` : '',
    scope: { form_id: form.id },
  };
}

/** The shape shared by every form's records (for the OpenAPI description of the routes). */
export const formRecordsShape = formRecordsEntity(
  { id: 0, code: ':code', name: 'form', nameEn: null, nameTw: null, state: 1 },
  null,
);

export const formRecords = defineRuntimeEntities({
  pattern: 'form/:code',
  shape: formRecordsShape,
  async resolve(tx, { code }, lang) {
    const form = await loadForm(tx, code ?? '');
    const name = formTitles(form)[lang];
    if (form.state !== 1) throw businessError('diyform.formDisabled', { name });
    const fields = await tx.query<{ name: string; field_type: string }>(
      `select name, field_type from custom_fields where tenant_id = $1 and entity = $2 and state = 1 order by sort, id`,
      [tx.tenantId, formEntityName(form.code)],
    );
    if (fields.rows.length === 0) throw businessError('diyform.formNoFields', { name });
    const text = fields.rows.find((f) => f.field_type === 'string' || f.field_type === 'text');
    return formRecordsEntity(form, text?.name ?? null);
  },
});

const designerFields: FieldDef[] = customFieldEntity.fields
  .filter((f) => f.name !== 'entity')
  .map(({ uniqueWith: _entity, ...f }) => f);

/**
 * The field designer of one form: the custom_fields rows of entity form/<code> (the entity's scope), with the
 * declaration, labels and rules of custom fields, behind the diyform design permission.
 */
export function formFieldsEntity(form: FormRow): EntityDef {
  const names = formTitles(form);
  const name = `${formEntityName(form.code)}/fields`;
  return {
    name,
    table: 'custom_fields',
    ns: 'resources',
    labels: 'resources.customfield',
    prefix: `/api-manage/${name}`,
    title: Object.fromEntries(languages.map((l) => [l, t(l, 'diyform.fieldsOf', { name: names[l] })])) as Record<
      (typeof languages)[number],
      string
    >,
    permissions: {
      view: [DESIGN, 'setUp:diyform:view'],
      add: DESIGN,
      edit: DESIGN,
      delete: DESIGN,
      import: DESIGN,
      export: DESIGN,
    },
    actions: ['page', 'all', 'get', 'save', 'update', 'del'],
    customFields: false,
    codeField: 'name',
    nameField: 'label',
    defaultSort: { field: 'sort', dir: 'asc' },
    fields: designerFields,
    scope: { entity: formEntityName(form.code) },
    hooks: { check: async (_tx, row) => fieldTypeIssues(row) },
  };
}

export const formFields = defineRuntimeEntities({
  pattern: 'form/:code/fields',
  shape: formFieldsEntity({ id: 0, code: ':code', name: 'form', nameEn: null, nameTw: null, state: 1 }),
  resolve: async (tx, { code }) => formFieldsEntity(await loadForm(tx, code ?? '')),
});
