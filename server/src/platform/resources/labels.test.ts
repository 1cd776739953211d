import { describe, expect, it } from 'vitest';
import { hasKey, languages } from '../i18n/index.js';
import { declaredEntities } from './declared.js';

describe('entity labels', () => {
  it('exist in zh, en and tw for every entity, field and option', async () => {
    const missing: string[] = [];
    for (const def of await declaredEntities()) {
      const keys = [`${def.ns}.${def.name}.title`];
      for (const f of def.fields) {
        keys.push(f.label ?? `${def.ns}.${def.name}.fields.${f.name}`);
        if (f.type === 'enum') for (const o of f.options!) keys.push(`${def.ns}.${def.name}.options.${f.name}.${o}`);
      }
      for (const lang of languages) for (const k of keys) if (!hasKey(k, lang)) missing.push(`${lang} ${k}`);
    }
    expect(missing).toEqual([]);
  });
});
