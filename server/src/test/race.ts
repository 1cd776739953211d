import { expect } from 'vitest';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Two transactions at once (PostgreSQL): `first` runs and, before it commits, `second` starts in another
 * transaction. The second must still be waiting 300 ms later (a lock holds it) and must succeed once the first
 * has committed.
 */
export async function secondWaitsForFirst<Tx>(
  inTransaction: <R>(fn: (tx: Tx) => Promise<R>) => Promise<R>,
  first: (tx: Tx) => Promise<unknown>,
  second: (tx: Tx) => Promise<unknown>,
): Promise<void> {
  let outcome: unknown = null;
  await inTransaction(async (tx) => {
    await first(tx);
    void inTransaction(second).then(
      () => (outcome = true),
      (e: unknown) => (outcome = e),
    );
    await pause(300);
    expect(outcome).toBeNull();
  });
  for (let i = 0; i < 100 && outcome === null; i++) await pause(50);
  expect(outcome).toBe(true);
}
