import { businessError, notFound } from '../../platform/http/errors.js';
import type { Lang } from '../../platform/i18n/index.js';
import { assertPermitted } from '../../platform/resources/permit.js';
import { allRows, findRow, readContext } from '../../platform/resources/read.js';
import { createRow } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { codes } from './permissions.js';
import { ANSWER_FIELDS, projectEntity, schemeDetailEntity, schemeEntity } from './resources.js';
import { templateEntity, templateItemEntity } from './templates.js';

/** What a template's item gives the check project made of it. */
const ITEM_FIELDS = [
  'name',
  'part',
  'method',
  'standard',
  'answerType',
  ...ANSWER_FIELDS.map((f) => f.name),
  'raiseRepair',
];

/**
 * Applies a template: its items become check projects of its kind, coded <code>-01, -02..., and a scheme coded
 * <code> holds them in order. All through the record service in the caller's transaction, so a clash (a code in
 * use) leaves nothing written and names the field.
 */
export async function applyTemplate(
  tx: TenantTx,
  lang: Lang,
  body: { id: number; code?: string; name?: string },
): Promise<{ schemeId: number; projects: number }> {
  const template = await findRow(tx, await readContext(tx, templateEntity, lang), body.id);
  if (!template) throw notFound();
  await assertPermitted(tx, projectEntity, codes('project', 'add'), template);
  const items = await allRows(tx, await readContext(tx, templateItemEntity, lang), { templateId: body.id });
  if (items.length === 0) throw businessError('check.errors.templateEmpty');
  const code = body.code?.trim() || String(template.code);
  const common = { kind: template.kind, categoryId: template.categoryId ?? null };
  const projects = await readContext(tx, projectEntity, lang);
  const ids: number[] = [];
  const width = Math.max(2, String(items.length).length);
  for (const [i, item] of items.entries()) {
    const row = await createRow(tx, projects, {
      ...Object.fromEntries(ITEM_FIELDS.map((f) => [f, item[f]])),
      ...common,
      code: `${code}-${String(i + 1).padStart(width, '0')}`,
    });
    ids.push(Number(row.id));
  }
  const scheme = await createRow(tx, await readContext(tx, schemeEntity, lang), {
    ...common,
    code,
    name: body.name?.trim() || String(template.name),
  });
  const details = await readContext(tx, schemeDetailEntity, lang);
  for (const [i, projectId] of ids.entries())
    await createRow(tx, details, { schemeId: scheme.id, projectId, sort: i + 1 });
  return { schemeId: Number(scheme.id), projects: ids.length };
}
