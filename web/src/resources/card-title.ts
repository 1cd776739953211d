import type { CardLayout } from '../platform/ui/card-layout';
import type { EntityMeta } from './types';

/**
 * A row's card on a phone: its name and code as the title, and the next four listed fields. An entity whose
 * name may be left empty (a remark, a batch) and that has no code is titled by its first required listed field
 * (a stock row's part), with the name beside it, so that no card reads "—".
 */
export function cardLayout(meta: EntityMeta, fixed: Record<string, string | number>): CardLayout {
  const listed = meta.fields.filter((f) => f.list && !(f.name in fixed));
  const names = listed.map((f) => f.name);
  const name = listed.find((f) => f.name === meta.nameField);
  const code = meta.codeField && names.includes(meta.codeField) ? meta.codeField : undefined;
  const fallback = !code && !name?.required ? listed.find((f) => f.required && f.name !== meta.nameField) : undefined;
  const title = [fallback?.name, name?.name, code].filter((k): k is string => !!k);
  return { title, fields: names.filter((k) => !title.includes(k)).slice(0, 4) };
}
