import { describe, expect, it } from 'vitest';
import { languages } from '../i18n/index.js';
import { declaredEntities } from './declared.js';
import { staticModel } from './model.js';

describe('entity labels read apart', () => {
  it('no two list columns of an entity share a header, no two options of a field a label, in any language', async () => {
    const clashes: string[] = [];
    for (const def of await declaredEntities()) {
      const model = staticModel(def);
      for (const lang of languages) {
        const headers = new Map<string, string>();
        for (const f of model.fields.filter((x) => x.list)) {
          const label = f.label(lang);
          if (headers.has(label))
            clashes.push(`${lang} ${def.name}: ${headers.get(label)} and ${f.name} are both "${label}"`);
          headers.set(label, f.name);
        }
        for (const f of model.fields.filter((x) => x.def.type === 'enum')) {
          const labels = f.def.options!.map((o) => f.optionLabel(lang, o));
          const twice = labels.filter((l, i) => labels.indexOf(l) !== i);
          if (twice.length) clashes.push(`${lang} ${def.name}.${f.name}: options share ${twice.join(', ')}`);
        }
      }
    }
    expect(clashes).toEqual([]);
  });
});
