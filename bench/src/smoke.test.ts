import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import { repoRoot } from './server.js';

// Proves the bench still runs end to end (tiny scale, a one-second load per scenario); asserts no timing.
it('the benchmark runs and prints its tables', () => {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'bench', 'src', 'run.ts'), '--quick'],
    {
      encoding: 'utf8',
      env: {
        ...process.env,
        BENCH_DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://nobody@127.0.0.1:1/none',
      },
      timeout: 420_000,
    },
  );
  expect(out).toMatch(/\| PGlite \| login \| 1 \| \d+/);
  expect(out).toMatch(/\| PGlite \| equipment page \| 1 \| \d+ \| [\d.]+ \| [\d.]+ \| [\d.]+ \| 0 \| 0 \| \d+/);
  expect(out).toMatch(/\| p99 ≤ 3 × p50 on the embedded database at 1 connections \(worst: .+\) \| [\d.]+ \| ≤ 3 \|/);
  expect(out).toMatch(/\| PGlite \| equipment save \(update\) \| 1 \| \d+/);
  expect(out).toMatch(
    /\| PGlite \| repair order accept \(workflow action\) \| 1 \| \d+ \| [\d.]+ \| [\d.]+ \| [\d.]+ \| 0 \| 0 \|/,
  );
  expect(out).toMatch(/\| PGlite \| repair order page \| 1 \| \d+ \| [\d.]+ \| [\d.]+ \| [\d.]+ \| 0 \| 0 \| \d+/);
  expect(out).toMatch(/\| PGlite \| \d+ \| [\d.]+ \| [\d →]+ \| 200 \|/);
  expect(out).toMatch(/cold start on existing data/);
  expect(out).toMatch(/login page \(\/login/);
}, 450_000);
