import { AppError, businessError, invalid, notFound } from '../../platform/http/errors.js';
import type { Lang } from '../../platform/i18n/index.js';
import type { Field } from '../../platform/resources/model.js';
import { getRow, type ReadContext, readContext } from '../../platform/resources/read.js';
import { getEntity } from '../../platform/resources/registry.js';
import { removeRows } from '../../platform/resources/remove.js';
import type { FieldIssue, WireRow } from '../../platform/resources/types.js';
import { createRow, updateRow, validationError } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import type { StepContext } from '../../platform/workflow/types.js';
import { formRecords } from './forms.js';

/** The form of a project with its records' context and the keys of its execution fields. */
interface ProjectForm {
  code: string;
  executionKeys: string[];
  ctx: ReadContext;
}

async function projectForm(tx: TenantTx, formId: unknown, lang: Lang): Promise<ProjectForm> {
  const r = await tx.query<{ code: string; project: boolean; execution_fields: unknown }>(
    'select code, project, execution_fields from custom_forms where tenant_id = $1 and id = $2',
    [tx.tenantId, formId],
  );
  const form = r.rows[0];
  if (!form) throw notFound('diyform.formNotFound');
  if (!form.project) throw new AppError('business', 'diyform.project.notProjectForm', {}, 'formId');
  const def = await formRecords.resolve(tx, { code: form.code }, lang);
  const keys = Array.isArray(form.execution_fields) ? form.execution_fields.map(String) : [];
  return { code: form.code, executionKeys: keys, ctx: await readContext(tx, def, lang) };
}

/** The form's records as planned: its execution fields are filled in later, so none of them is required yet. */
function planContext(pf: ProjectForm): ReadContext {
  const fields = pf.ctx.model.fields.map(
    (f): Field =>
      f.customKey && pf.executionKeys.includes(f.customKey) ? { ...f, def: { ...f.def, required: false } } : f,
  );
  return { ...pf.ctx, model: { ...pf.ctx.model, fields, byName: new Map(fields.map((f) => [f.name, f])) } };
}

const projectContext = (tx: TenantTx, lang: Lang) => readContext(tx, getEntity('formproject'), lang);

/** Values sent as { key: value }, or a translated refusal naming `values`. */
function valuesOf(pf: ProjectForm, body: WireRow): Record<string, unknown> {
  const v = body.values ?? {};
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw validationError(pf.ctx.model, pf.ctx.lang, [{ field: 'values', key: 'invalid' }]);
  return v as Record<string, unknown>;
}

/** The keys of `values` in (or out of) the execution fields; one on the wrong side is refused, named. */
function pick(pf: ProjectForm, values: Record<string, unknown>, execution: boolean): Record<string, unknown> {
  const issues: FieldIssue[] = [];
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (pf.executionKeys.includes(k) === execution) out[k] = v;
    else issues.push({ field: `custom.${k}`, key: execution ? 'diyform.project.notExecutionField' : 'readOnly' });
  }
  if (issues.length) throw validationError(pf.ctx.model, pf.ctx.lang, issues);
  return out;
}

/**
 * The form a project is added on, by id or by code (a fromproject menu leaf names its form by code): its id, its
 * code (its fields are the metadata of form/<code>), its names and execution fields.
 */
export async function projectFormInfo(
  tx: TenantTx,
  lang: Lang,
  by: { formId?: number; code?: string },
): Promise<WireRow> {
  let formId: unknown = by.formId;
  if (formId === undefined) {
    if (!by.code) throw invalid('formId', 'errors.validation.required');
    const r = await tx.query<{ id: number }>('select id from custom_forms where tenant_id = $1 and code = $2', [
      tx.tenantId,
      by.code,
    ]);
    if (!r.rows[0]) throw notFound('diyform.formNotFound');
    formId = r.rows[0].id;
  }
  const pf = await projectForm(tx, formId, lang);
  return { formId: Number(formId), formCode: pf.code, executionFields: pf.executionKeys };
}

/** A project as the page shows it: its record, its form's code, execution fields and values. */
export async function projectView(tx: TenantTx, lang: Lang, id: unknown): Promise<WireRow> {
  const project = await getRow(tx, await projectContext(tx, lang), id);
  const pf = await projectForm(tx, project.formId, lang);
  const record = await getRow(tx, pf.ctx, project.recordId);
  return { ...project, formCode: pf.code, executionFields: pf.executionKeys, values: record.custom ?? {} };
}

/** Adds a project (plan values in a new record of its form) or edits a planned one. */
export async function saveProject(tx: TenantTx, lang: Lang, body: WireRow): Promise<WireRow> {
  const pctx = await projectContext(tx, lang);
  const head = { name: body.name, assigneeId: body.assigneeId ?? null, planFinish: body.planFinish ?? null };
  if (body.id !== undefined && body.id !== null) {
    const existing = await getRow(tx, pctx, body.id);
    if (existing.state !== 'planned') throw businessError('diyform.project.notPlanned');
    const pf = await projectForm(tx, existing.formId, lang);
    const plan = pick(pf, valuesOf(pf, body), false);
    await updateRow(tx, planContext(pf), existing.recordId, { custom: plan });
    await updateRow(tx, pctx, existing.id, head);
    return projectView(tx, lang, existing.id);
  }
  if (!body.formId) throw validationError(pctx.model, lang, [{ field: 'formId', key: 'required' }]);
  const pf = await projectForm(tx, body.formId, lang);
  const plan = pick(pf, valuesOf(pf, body), false);
  const record = await createRow(tx, planContext(pf), { custom: plan });
  const made = await createRow(tx, pctx, { ...head, formId: body.formId, recordId: record.id }, { system: true });
  return projectView(tx, lang, made.id);
}

/** Fills in the execution fields of a project being executed. */
export async function performProject(tx: TenantTx, lang: Lang, body: WireRow): Promise<WireRow> {
  const project = await getRow(tx, await projectContext(tx, lang), body.id);
  if (project.state !== 'executing') throw businessError('diyform.project.notExecuting');
  const pf = await projectForm(tx, project.formId, lang);
  await updateRow(tx, pf.ctx, project.recordId, { custom: pick(pf, valuesOf(pf, body), true) });
  return projectView(tx, lang, project.id);
}

/** A project is submitted for audit with every required execution field filled in (named when one is not). */
export async function guardSubmit(s: StepContext): Promise<FieldIssue[]> {
  const pf = await projectForm(s.tx, s.row.formId, s.lang);
  const record = await getRow(s.tx, pf.ctx, s.row.recordId);
  const custom = (record.custom ?? {}) as Record<string, unknown>;
  const issues: FieldIssue[] = pf.ctx.model.fields
    .filter((f) => f.customKey && pf.executionKeys.includes(f.customKey) && f.def.required)
    .filter((f) => {
      const v = custom[f.customKey!];
      return v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
    })
    .map((f) => ({ field: f.name, key: 'required' }));
  if (issues.length) throw validationError(pf.ctx.model, s.lang, issues);
  return [];
}

/** Only planned projects are deleted, and their values (the form record) with them. */
export async function removeProjectValues(tx: TenantTx, rows: readonly WireRow[]): Promise<void> {
  if (rows.some((r) => r.state !== 'planned')) throw businessError('diyform.project.deleteStarted');
  for (const r of rows) {
    const pf = await projectForm(tx, r.formId, 'zh');
    await removeRows(tx, pf.ctx, [r.recordId]);
  }
}
