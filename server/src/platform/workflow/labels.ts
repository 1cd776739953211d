import { hasKey, type Lang, t } from '../i18n/index.js';
import type { ReadContext } from '../resources/read.js';
import type { EntityDef } from '../resources/types.js';

const base = (def: EntityDef) => def.labels ?? `${def.ns}.${def.name}`;

/** `<labels>.actions.<name>` (the labels test requires one per declared action). */
export const actionKey = (def: EntityDef, name: string) => `${base(def)}.actions.${name}`;

export const actionLabel = (def: EntityDef, name: string, lang: Lang): string =>
  hasKey(actionKey(def, name)) ? t(lang, actionKey(def, name)) : name;

/** A state's label: the state field's option label. */
export function stateLabel(ctx: ReadContext, state: string, lang: Lang): string {
  const field = ctx.model.byName.get(ctx.model.def.workflow!.stateField);
  return field ? field.optionLabel(lang, state) : state;
}
