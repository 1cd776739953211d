import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasKey, languages, localesDir, namespace } from './index.js';

/*
 * Every message key the server's code names must exist in zh, en and tw: a key that does not is answered as the
 * key itself (resources.validation.decimal), which no reader can read.
 */

const srcDir = path.resolve(localesDir, '..');
const sources = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'locales' || e.name === 'test' ? [] : sources(p);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [p] : [];
  });
const files = sources(srcDir).map((f) => ({ file: path.relative(srcDir, f), text: fs.readFileSync(f, 'utf8') }));
const namespaces = fs
  .readdirSync(path.join(localesDir, 'zh'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -5));

/** A key that is a message, or the prefix of messages (a label base such as repair.maintaintask). */
const known = (key: string) =>
  languages.every((lang) => {
    if (hasKey(key, lang)) return true;
    const [ns, ...rest] = key.split('.');
    const inner = `${rest.join('.')}.`;
    return Object.keys(namespace(lang, ns!)).some((k) => k.startsWith(inner));
  });

describe('the message keys the server names', () => {
  it('exist in zh, en and tw (keys where a message is made)', () => {
    // A key where a message is made: t(lang, 'k'), businessError('k'), new AppError('business', 'k'),
    // forbidden('k'), notFound('k'), invalid(field, 'k'), and { key | done | label | confirm: 'k' }.
    const where = String.raw`(?:\bt\(\s*[\w.]+,\s*|Error\(\s*(?:'\w+',\s*)?|forbidden\(\s*|notFound\(\s*|invalid\(\s*[^,()]+,\s*|\b(?:key|done|label|confirm):\s*)`;
    const quoted = new RegExp(`${where}'((?:${namespaces.join('|')})\\.[A-Za-z][\\w.]*[A-Za-z0-9])'`, 'g');
    const missing: string[] = [];
    // The menu tree's `key`s name menus (their titles are menu.<key>), not messages.
    for (const { file, text } of files.filter((f) => f.file !== path.join('seed', 'menu-tree.ts')))
      for (const m of text.matchAll(quoted)) if (!known(m[1]!)) missing.push(`${file}: ${m[1]}`);
    expect(missing).toEqual([]);
  });

  it('exist for every issue a check raises by a short key (resources.validation.<key>)', () => {
    const issue = /\{\s*field:\s*[^,{}]+,\s*key:\s*'(\w+)'/g;
    const missing: string[] = [];
    for (const { file, text } of files)
      for (const m of text.matchAll(issue))
        if (!languages.every((lang) => hasKey(`resources.validation.${m[1]}`, lang))) missing.push(`${file}: ${m[1]}`);
    expect(missing).toEqual([]);
  });
});
