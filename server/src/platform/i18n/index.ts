import fs from 'node:fs';
import path from 'node:path';

export const languages = ['zh', 'en', 'tw'] as const;
export type Lang = (typeof languages)[number];

export const localesDir = path.resolve(import.meta.dirname, '..', '..', '..', 'src', 'locales');

type Tree = { [k: string]: string | Tree };

function flatten(tree: Tree, prefix: string, out: Map<string, string>): void {
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else flatten(v, `${prefix}${k}.`, out);
  }
}

/** Each file locales/<lang>/<ns>.json becomes keys "<ns>.<key>". */
function load(lang: Lang): Map<string, string> {
  const out = new Map<string, string>();
  const dir = path.join(localesDir, lang);
  for (const f of fs.readdirSync(dir).filter((x) => x.endsWith('.json'))) {
    flatten(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Tree, `${f.slice(0, -5)}.`, out);
  }
  return out;
}

const catalogues = new Map<Lang, Map<string, string>>(languages.map((l) => [l, load(l)]));

export function isLang(v: unknown): v is Lang {
  return typeof v === 'string' && (languages as readonly string[]).includes(v);
}

export function hasKey(key: string, lang: Lang = 'zh'): boolean {
  return catalogues.get(lang)!.has(key);
}

/** Translates a key with {name} parameters; an unknown key falls back to zh, then to the key itself. */
export function t(lang: Lang, key: string, params: Record<string, unknown> = {}): string {
  const text = catalogues.get(lang)!.get(key) ?? catalogues.get('zh')!.get(key) ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => (name in params ? String(params[name]) : `{${name}}`));
}

/** All keys of a namespace in one language, without the namespace prefix. */
export function namespace(lang: Lang, ns: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of catalogues.get(lang)!) if (k.startsWith(`${ns}.`)) out[k.slice(ns.length + 1)] = v;
  return out;
}

/**
 * The caller's language: the `lang` header, else the first supported Accept-Language entry, else zh.
 * zh-TW, zh-HK and zh-Hant map to tw.
 */
export function pickLang(langHeader: unknown, acceptLanguage: unknown): Lang {
  if (isLang(langHeader)) return langHeader;
  if (typeof acceptLanguage === 'string') {
    for (const part of acceptLanguage.split(',')) {
      const tag = part.split(';')[0]!.trim().toLowerCase();
      if (/^zh-(tw|hk|mo|hant)/.test(tag)) return 'tw';
      const base = tag.split('-')[0];
      if (base === 'zh') return 'zh';
      if (base === 'en') return 'en';
    }
  }
  return 'zh';
}
