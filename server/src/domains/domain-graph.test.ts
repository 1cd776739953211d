import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = import.meta.dirname;
const domains = fs
  .readdirSync(root, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

/** The other domains each domain's code (tests aside) imports. */
function importsOf(domain: string): Set<string> {
  const out = new Set<string>();
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (/\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name))
        for (const m of fs.readFileSync(full, 'utf8').matchAll(/from '\.\.\/([a-z-]+)\//g))
          if (m[1] !== domain && domains.includes(m[1]!)) out.add(m[1]!);
    }
  };
  walk(path.join(root, domain));
  return out;
}

describe('the business domains', () => {
  it('import each other in one direction only: no cycle', () => {
    const graph = new Map(domains.map((d) => [d, importsOf(d)]));
    const cycles: string[] = [];
    const visit = (d: string, trail: string[]) => {
      if (trail.includes(d)) {
        cycles.push([...trail.slice(trail.indexOf(d)), d].join(' → '));
        return;
      }
      for (const next of graph.get(d) ?? []) visit(next, [...trail, d]);
    };
    for (const d of domains) visit(d, []);
    expect([...new Set(cycles)]).toEqual([]);
  });
});
