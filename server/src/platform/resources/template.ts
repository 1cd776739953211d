import { importTemplate, type TemplateColumn, type TemplateTexts } from '../excel/template.js';
import { sheetName } from '../excel/write.js';
import { type Lang, t } from '../i18n/index.js';
import type { TenantTx } from '../tenancy/tenant-tx.js';
import { entityTitle, type Field } from './model.js';
import type { ReadContext } from './read.js';
import { findEntity, liveCondition, refTarget } from './registry.js';
import type { ValueContext } from './values.js';

/** A reference column lists at most this many choices in its drop-down; more and it has none. */
export const REF_LIST_MAX = 5_000;

/**
 * The import template of an entity for a tenant: one column per importable field with drop-downs for its
 * choices, dictionary values and references, a guide sheet (with an example row) and the date formats.
 */
export async function templateFile(tx: TenantTx, ctx: ReadContext): Promise<Buffer> {
  return fieldsTemplate(tx, ctx.model.title(ctx.lang), ctx.model.fields, ctx);
}

/** The import template of fields (an entity's, or a hand-written import's declared alike): the importable ones. */
export async function fieldsTemplate(
  tx: TenantTx,
  title: string,
  fields: readonly Field[],
  ctx: ValueContext,
): Promise<Buffer> {
  const columns: TemplateColumn[] = [];
  for (const f of fields.filter((x) => x.importable)) columns.push(await column(tx, f, ctx));
  return importTemplate(title, columns, guideTexts(ctx.lang, title));
}

export function guideTexts(lang: Lang, title: string): TemplateTexts {
  const k = (key: string, params: Record<string, unknown> = {}) => t(lang, `resources.template.${key}`, params);
  return {
    guide: k('guide'),
    intro: [k('intro1', { sheet: sheetName(title) }), k('intro2'), k('intro3')],
    headings: [k('heading.column'), k('heading.required'), k('heading.type'), k('heading.rules'), k('heading.example')],
    yes: k('yes'),
    no: k('no'),
    exampleRow: k('exampleRow'),
    listError: k('listError'),
  };
}

async function column(tx: TenantTx, f: Field, ctx: ValueContext): Promise<TemplateColumn> {
  const lang = ctx.lang;
  const d = f.def;
  const choices = await listOf(tx, f, ctx);
  return {
    header: `${f.label(lang)}${d.required ? '*' : ''}`,
    required: !!d.required,
    type: t(lang, `resources.template.types.${d.type}`),
    rules: hint(f, ctx),
    example: example(f, lang, choices),
    ...(choices.length ? { list: { values: choices, strict: d.type !== 'ref' } } : {}),
    ...(d.type === 'date' ? { date: true } : {}),
  };
}

/** The values of a column's drop-down: option labels, dictionary names, the codes (or names) of references. */
async function listOf(tx: TenantTx, f: Field, ctx: ValueContext): Promise<string[]> {
  const d = f.def;
  const lang = ctx.lang;
  if (d.type === 'enum') return d.options!.map((o) => f.optionLabel(lang, o));
  if (d.type === 'dict') return [...(ctx.dicts.get(d.dict!)?.codes.values() ?? [])];
  if (d.type === 'boolean') return [t(lang, 'resources.template.yes'), t(lang, 'resources.template.no')];
  if (d.type !== 'ref') return [];
  const target = refTarget(d.ref!);
  const col = target.codeColumn ?? target.nameColumn;
  const where = Object.entries(d.refWhere ?? {}).map(([c, _v], i) => ` and r."${c}" = $${i + 2}`);
  const r = await tx.query<{ v: string }>(
    `select distinct r."${col}"::text as v from "${target.table}" r
      where r.tenant_id = $1 and ${liveCondition(target, 'r')}${where.join('')} and r."${col}" is not null
      order by 1 limit ${REF_LIST_MAX + 1}`,
    [tx.tenantId, ...Object.values(d.refWhere ?? {})],
  );
  return r.rows.length > REF_LIST_MAX ? [] : r.rows.map((x) => x.v);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A value that passes the field's checks, for the guide's example row. */
function example(f: Field, lang: Lang, choices: string[]): unknown {
  const d = f.def;
  switch (d.type) {
    case 'enum':
    case 'dict':
    case 'boolean':
    case 'ref':
      return choices[0] ?? '';
    case 'date':
      return new Date(Date.UTC(2025, 0, 31));
    case 'datetime':
      return `2025-01-31 08:${pad(30)}`;
    case 'integer':
      return Math.min(d.max ?? Number.MAX_SAFE_INTEGER, Math.max(d.min ?? 1, 1));
    case 'decimal':
      return Math.min(d.max ?? Number.MAX_VALUE, Math.max(d.min ?? 12.5, 0));
    default: {
      if (d.pattern) return '';
      const text = f.name === 'code' ? 'A001' : t(lang, 'resources.template.exampleText', { label: f.label(lang) });
      return text.slice(0, d.maxLength ?? text.length);
    }
  }
}

/** What the guide says a column takes (also the header's note). */
function hint(f: Field, ctx: ValueContext): string {
  const lang = ctx.lang;
  const d = f.def;
  const parts: string[] = [];
  if (d.required) parts.push(t(lang, 'resources.hint.required'));
  switch (d.type) {
    case 'enum':
      parts.push(
        t(lang, 'resources.hint.options', { options: d.options!.map((o) => f.optionLabel(lang, o)).join(' / ') }),
      );
      break;
    case 'dict':
      parts.push(
        t(lang, 'resources.hint.options', { options: [...(ctx.dicts.get(d.dict!)?.codes.values() ?? [])].join(' / ') }),
      );
      break;
    case 'ref': {
      const target = findEntity(d.ref!);
      parts.push(t(lang, 'resources.hint.ref', { entity: target ? entityTitle(target, lang) : f.label(lang) }));
      break;
    }
    case 'date':
      parts.push(t(lang, 'resources.hint.date'));
      break;
    case 'datetime':
      parts.push(t(lang, 'resources.hint.datetime'));
      break;
    case 'boolean':
      parts.push(t(lang, 'resources.hint.boolean'));
      break;
    case 'integer':
      parts.push(t(lang, 'resources.hint.integer'));
      break;
    case 'decimal':
      parts.push(t(lang, 'resources.hint.decimal', { scale: d.scale ?? 2 }));
      break;
    default:
      if (d.maxLength) parts.push(t(lang, 'resources.hint.maxLength', { limit: d.maxLength }));
  }
  if (d.unique) parts.push(t(lang, 'resources.hint.unique'));
  if (d.hint) parts.push(t(lang, d.hint));
  return parts.join('; ');
}
