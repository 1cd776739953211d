import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildFlags, staleReason, WORKSPACES } from './build-if-changed.mjs';

const [web, server] = WORKSPACES;
let root;

/** Writes a file of the fake checkout with the given age in seconds. */
function file(rel, ageSeconds, text = '') {
  const full = path.join(root, rel);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, text);
  const when = new Date(Date.now() - ageSeconds * 1000);
  fs.utimesSync(full, when, when);
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-if-changed-'));
  file('package.json', 100);
  file('package-lock.json', 100);
  file('web/src/main.tsx', 90);
  file('server/src/main.ts', 90);
  file('web/dist/index.html', 50);
  file('web/dist/.build-flags.json', 50, buildFlags({}));
  file('server/dist/main.js', 50);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('build only when sources changed', () => {
  it('skips both builds when the outputs are newer than every source', () => {
    expect(staleReason(root, web, {})).toBeNull();
    expect(staleReason(root, server, {})).toBeNull();
  });

  it('rebuilds the workspace whose source changed, and only that one', () => {
    file('web/src/pages/Deep.tsx', 10);
    expect(staleReason(root, web, {})).toBe('web/src changed');
    expect(staleReason(root, server, {})).toBeNull();
  });

  it('ignores test files, rebuilds both after a dependency change, and builds what is missing', () => {
    file('server/src/x.test.ts', 10);
    expect(staleReason(root, server, {})).toBeNull();
    file('package-lock.json', 10);
    expect(staleReason(root, web, {})).toBe('package-lock.json changed');
    expect(staleReason(root, server, {})).toBe('package-lock.json changed');
    fs.rmSync(path.join(root, 'server/dist'), { recursive: true });
    expect(staleReason(root, server, {})).toBe('no build yet');
  });

  it('rebuilds the web application when its build flags differ', () => {
    expect(staleReason(root, web, { VITE_APP_FLAVOR: 'mes', PATH: '/bin' })).toBe('build flags changed');
    file('web/dist/.build-flags.json', 50, buildFlags({ VITE_APP_FLAVOR: 'mes' }));
    expect(staleReason(root, web, { VITE_APP_FLAVOR: 'mes', PATH: '/usr/bin' })).toBeNull();
    fs.rmSync(path.join(root, 'web/dist/.build-flags.json'));
    expect(staleReason(root, web, {})).toBeNull();
  });
});
