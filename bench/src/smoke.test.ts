import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import { repoRoot } from './server.js';

// Proves the bench still runs end to end (tiny scale, a one-second load per scenario); asserts no timing. Each half of
// the test run smokes it on that half's database: the embedded one, or PostgreSQL (TEST_DATABASE_URL). Up to 20
// minutes: the tiny generation on the embedded database beside the other suites and at a load of 13 took over 7.
const pgUrl = process.env.TEST_DATABASE_URL;
const db = pgUrl ? 'PostgreSQL' : 'PGlite';

it(`the benchmark runs on ${db} and prints its tables`, () => {
  const out = execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(repoRoot, 'bench', 'src', 'run.ts'),
      '--quick',
      '--only',
      pgUrl ? 'postgres' : 'pglite',
    ],
    {
      encoding: 'utf8',
      env: { ...process.env, ...(pgUrl ? { BENCH_DATABASE_URL: pgUrl } : {}) },
      timeout: 1_200_000,
    },
  );
  expect(out).toMatch(new RegExp(`\\| ${db} \\| login \\| 1 \\| \\d+`));
  expect(out).toMatch(
    new RegExp(`\\| ${db} \\| equipment page \\| 1 \\| \\d+ \\| [\\d.]+ \\| [\\d.]+ \\| [\\d.]+ \\| 0 \\| 0 \\| \\d+`),
  );
  if (!pgUrl)
    expect(out).toMatch(/\| p99 ≤ 3 × p50 on the embedded database at 1 connections \(worst: .+\) \| [\d.]+ \| ≤ 3 \|/);
  expect(out).toMatch(new RegExp(`\\| ${db} \\| equipment save \\(update\\) \\| 1 \\| \\d+`));
  expect(out).toMatch(
    new RegExp(
      `\\| ${db} \\| repair order accept \\(workflow action\\) \\| 1 \\| \\d+ \\| [\\d.]+ \\| [\\d.]+ \\| [\\d.]+ \\| 0 \\| 0 \\|`,
    ),
  );
  expect(out).toMatch(
    new RegExp(
      `\\| ${db} \\| repair order page \\| 1 \\| \\d+ \\| [\\d.]+ \\| [\\d.]+ \\| [\\d.]+ \\| 0 \\| 0 \\| \\d+`,
    ),
  );
  expect(out).toMatch(new RegExp(`\\| ${db} \\| \\d+ \\| [\\d.]+ \\| [\\d →]+ \\| 200 \\|`));
  expect(out).toMatch(/cold start on existing data/);
  expect(out).toMatch(/login page \(\/login/);
}, 1_230_000);
