import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import { repoRoot } from './server.js';

// bench:spare on a small store (PostgreSQL only: the posting loads need connections of their own). Its checks are
// the point: the hot part's stock agrees with its movements after concurrent posting, the drain posts exactly
// the stock and refuses the rest; it exits non-zero when one fails. No timing is asserted.
it.skipIf(!process.env.TEST_DATABASE_URL)(
  'the spare bench posts concurrently without losing or overdrawing stock',
  () => {
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'bench', 'src', 'spare.ts'), '--quick', '--connections', '1,10'],
      {
        encoding: 'utf8',
        env: { ...process.env, BENCH_DATABASE_URL: process.env.TEST_DATABASE_URL },
        timeout: 300_000,
      },
    );
    expect(out).toMatch(/\| 10 \| \d+ \| [\d.]+ \| [\d.]+ \| \d+ \| 0 \|/);
    expect(out).toMatch(
      /Drain: [\d,]+ approved issues .* [\d,]+ posted, 100 refused \(.+库存不足.+\), 0 other answers/,
    );
    expect(out).toMatch(/\| movement list: one part \| 10 \| \d+/);
    expect(out).toMatch(/Every check held\./);
  },
  320_000,
);
