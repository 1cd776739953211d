import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

type Tree = { [k: string]: string | Tree };

const LANGS = ['zh', 'en', 'tw'] as const;
const all = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });

/** lang → namespace → tree */
const byLang = new Map<string, Map<string, Tree>>();
for (const [file, tree] of Object.entries(all)) {
  const [, lang, ns] = /^\.\/(\w+)\/(.+)\.json$/.exec(file) ?? [];
  if (!byLang.has(lang)) byLang.set(lang, new Map());
  byLang.get(lang)?.set(ns, tree);
}

function entries(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : entries(v, `${prefix}${k}.`),
  );
}

/** Plural forms (_one, _other) count as their base key. */
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
const namespaces = (lang: string) => [...(byLang.get(lang)?.keys() ?? [])].sort();

describe('locale files (zh, en, tw)', () => {
  it('has the same namespaces in every language', () => {
    expect(namespaces('zh').length).toBeGreaterThan(0);
    expect(namespaces('en')).toEqual(namespaces('zh'));
    expect(namespaces('tw')).toEqual(namespaces('zh'));
  });

  for (const ns of namespaces('zh')) {
    it(`has the same keys in every language: ${ns}`, () => {
      const sets = LANGS.map((lang) =>
        [...new Set(entries(byLang.get(lang)?.get(ns) ?? {}).map(([k]) => base(k)))].sort(),
      );
      expect(sets[1]).toEqual(sets[0]);
      expect(sets[2]).toEqual(sets[0]);
    });
  }

  it('leaves no string empty, except where English needs no word', () => {
    for (const lang of LANGS) {
      for (const [ns, tree] of byLang.get(lang) ?? []) {
        const empty = entries(tree)
          .filter(([, v]) => v === '')
          .map(([k]) => `${ns}:${k}`);
        expect(empty.filter((k) => !(lang === 'en' && k === 'common:pagination.pageUnit'))).toEqual([]);
      }
    }
  });

  it('writes every placeholder as i18next fills it ({{name}}; a single {name} is shown as it is)', () => {
    for (const lang of LANGS) {
      const single = [...(byLang.get(lang) ?? [])].flatMap(([ns, tree]) =>
        entries(tree)
          .filter(([, v]) => /(^|[^{])\{\w+\}(?!\})/.test(v))
          .map(([k, v]) => `${ns}:${k} = ${v}`),
      );
      expect(single, lang).toEqual([]);
    }
  });

  it("fills the action into every confirm of an action (a document's workflow step, a record's state switch)", async () => {
    const i18n = i18next.createInstance();
    const resources = Object.fromEntries(LANGS.map((lang) => [lang, Object.fromEntries(byLang.get(lang) ?? [])]));
    await i18n.init({ resources, lng: 'zh', interpolation: { escapeValue: false } });
    for (const lang of LANGS) {
      for (const key of ['resources:workflow.confirm', 'resources:state.confirm']) {
        const text = i18n.getFixedT(lang)(key, { action: 'ACTION' });
        expect({ lang, key, filled: text.includes('ACTION') && !/[{}]/.test(text) }).toEqual({
          lang,
          key,
          filled: true,
        });
      }
    }
  });
});
