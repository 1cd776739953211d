import type { EntityDef } from './types.js';

const IDENT = /^[a-z_][a-z0-9_]*$/;

function literal(v: string | number): string {
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v)) throw new Error(`unsafe scope value ${v}`);
    return String(v);
  }
  return `'${v.replace(/'/g, "''")}'`;
}

/** The scope of an entity as quoted columns and SQL literals (see EntityDef.scope). */
export function scopeEntries(def: EntityDef): { column: string; value: string }[] {
  return Object.entries(def.scope ?? {}).map(([column, v]) => {
    if (!IDENT.test(column)) throw new Error(`unsafe scope column ${column}`);
    return { column: `"${column}"`, value: literal(v) };
  });
}

/** The conditions of an entity's scope for a table alias, each led by ' and '; empty without scope. */
export const scopeSql = (def: EntityDef, alias = ''): string =>
  scopeEntries(def)
    .map((e) => ` and ${alias ? `${alias}.` : ''}${e.column} = ${e.value}`)
    .join('');
