#!/usr/bin/env node
/*
 * Builds the web application and the server only when their sources changed since the last build (npm start
 * runs it; `npm run build` still builds everything). A workspace is stale when a file under its inputs, or
 * the root package.json / package-lock.json, is newer than its build output, when the output is missing, or
 * (web) when the VITE_* build flags differ from the ones it was built with.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SHARED = ['package.json', 'package-lock.json'];

/** The workspaces npm start needs: what each is built from and the file its build writes last. */
export const WORKSPACES = [
  {
    name: 'web',
    inputs: ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'web/tsconfig.json', 'web/package.json'],
    output: 'web/dist/index.html',
    stamp: 'web/dist/.build-flags.json',
  },
  {
    name: 'server',
    inputs: ['server/src', 'server/tsconfig.json', 'server/tsconfig.build.json', 'server/package.json'],
    output: 'server/dist/main.js',
    stamp: null,
  },
];

/** Tests are not part of a build. */
const isTest = (file) => /\.test\.[cm]?[jt]sx?$/.test(file);

/** The newest modification time of a file or of any file below a folder (0 when there is none). */
export function newestMtime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return isTest(target) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** The build flags a web build bakes in (VITE_*), as a stable text. */
export function buildFlags(env) {
  const flags = Object.keys(env)
    .filter((k) => k.startsWith('VITE_'))
    .sort()
    .map((k) => [k, env[k]]);
  return JSON.stringify(Object.fromEntries(flags));
}

/** Why a workspace needs a build, or null when its output is up to date. */
export function staleReason(root, ws, env = process.env) {
  const output = path.join(root, ws.output);
  if (!fs.existsSync(output)) return 'no build yet';
  const built = fs.statSync(output).mtimeMs;
  for (const input of [...SHARED, ...ws.inputs])
    if (newestMtime(path.join(root, input)) > built) return `${input} changed`;
  if (ws.stamp) {
    // A build made by `npm run build` leaves no stamp: taken as built without flags.
    let was = buildFlags({});
    try {
      was = fs.readFileSync(path.join(root, ws.stamp), 'utf8');
    } catch {}
    if (was !== buildFlags(env)) return 'build flags changed';
  }
  return null;
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  for (const ws of WORKSPACES) {
    const reason = staleReason(root, ws);
    if (!reason) {
      console.log(`${ws.name}: up to date, not rebuilt`);
      continue;
    }
    console.log(`${ws.name}: building (${reason})`);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const r = spawnSync(npm, ['run', 'build', '-w', ws.name], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
    if (ws.stamp) fs.writeFileSync(path.join(root, ws.stamp), buildFlags(process.env));
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
