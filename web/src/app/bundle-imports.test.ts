import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const sources = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });

describe('the web bundle', () => {
  it('takes ECharts by its parts (echarts/core and the charts used), never the whole library', () => {
    const whole = sources(root).filter((f) => /from ['"]echarts['"]/.test(fs.readFileSync(f, 'utf8')));
    expect(whole.map((f) => path.relative(root, f))).toEqual([]);
  });
});

/** The modules a file needs before it runs: itself and, recursively, its static imports (not `import()`). */
function staticClosure(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(
      /^(?:import|export)\s+(?!type\b)[^'";]*?from\s+['"]([^'"]+)['"]|^import\s+['"]([^'"]+)['"]/gm,
    )) {
      const spec = m[1] ?? m[2]!;
      if (!spec.startsWith('.')) {
        packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
        continue;
      }
      const base = path.resolve(path.dirname(file), spec);
      const found = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
        (f) => fs.existsSync(f) && fs.statSync(f).isFile(),
      );
      if (found && /\.tsx?$/.test(found)) visit(found);
    }
  };
  visit(entry);
  return { files, packages };
}

describe('the login page', () => {
  it('loads no router, no page registry and no component library: the application starts after it', () => {
    const { files, packages } = staticClosure(path.join(root, 'main.tsx'));
    expect([...packages].filter((p) => /^(react-router|antd|@ant-design|@tanstack|echarts)/.test(p))).toEqual([]);
    const names = [...files].map((f) => path.relative(root, f));
    expect(names).toContain('domains/shell/LoginPage.tsx');
    expect(names.filter((f) => /pages\.ts$|app\/router\.tsx$|app\/session\.ts$|layout\//.test(f))).toEqual([]);
  });
});
