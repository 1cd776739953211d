import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface BundleFigures {
  /** JavaScript the browser loads to show /login: the entry, the login page and their static imports. */
  loginKb: number;
  loginFiles: number;
  /** JavaScript of the signed-in shell (entry + layout and their static imports). */
  shellKb: number;
  /** The page that loads the most JavaScript beyond the shell, and how much. */
  largestPage: { file: string; kb: number };
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/** Files a module needs before it runs: itself and, recursively, its static imports. */
function closure(m: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const files = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !m[key]) return;
    seen.add(key);
    files.add(m[key].file);
    for (const i of m[key].imports ?? []) visit(i);
  };
  for (const k of keys) visit(k);
  return files;
}

/** Sizes (gzip) from the Vite manifest of web/dist: what /login loads, the shell and the largest page chunk. */
export function bundleFigures(dist: string): BundleFigures | null {
  const file = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return null;
  const m = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  const gz = new Map<string, number>();
  const size = (f: string) => {
    if (!gz.has(f)) gz.set(f, zlib.gzipSync(fs.readFileSync(path.join(dist, f))).length);
    return gz.get(f)!;
  };
  const total = (files: Set<string>) =>
    kb([...files].filter((f) => f.endsWith('.js')).reduce((s, f) => s + size(f), 0));
  const key = (re: RegExp) => Object.keys(m).find((k) => re.test(m[k]!.src ?? k));
  const entry = Object.keys(m).find((k) => m[k]!.isEntry)!;
  const login = closure(m, [entry, key(/LoginPage\.tsx$/) ?? entry]);
  // The signed-in application starts from its own chunk (app/app-entry.tsx), which /login does not load.
  const shell = closure(m, [entry, key(/app\/app-entry\.tsx$/) ?? entry, key(/layout\/Layout\.tsx$/) ?? entry]);
  const pages = Object.keys(m).filter(
    (k) => m[k]!.isDynamicEntry && !/Layout\.tsx$|LoginPage\.tsx$|app-entry\.tsx$/.test(k),
  );
  const largest = pages
    .map((k) => ({
      file: (m[k]!.src ?? k).replace(/^src\//, ''),
      kb: total(new Set([...closure(m, [k])].filter((f) => !shell.has(f)))),
    }))
    .sort((a, b) => b.kb - a.kb)[0] ?? { file: '-', kb: 0 };
  return {
    loginKb: total(login),
    loginFiles: [...login].filter((f) => f.endsWith('.js')).length,
    shellKb: total(shell),
    largestPage: largest,
  };
}
