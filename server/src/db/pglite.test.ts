import { describe, expect, it } from 'vitest';
import { openPglite } from './pglite.js';

describe('the embedded database', () => {
  it('keeps the page cache it is given (EMBEDDED_SHARED_BUFFERS), 16MB unless told', async () => {
    for (const [given, expected] of [
      [undefined, '16MB'],
      ['8MB', '8MB'],
    ] as const) {
      const db = await openPglite(undefined, given);
      try {
        const r = await db.query<{ shared_buffers: string }>('show shared_buffers');
        expect(r.rows[0]!.shared_buffers).toBe(expected);
      } finally {
        await db.close();
      }
    }
  });

  it('refuses a size PostgreSQL would not read, naming the setting', async () => {
    await expect(openPglite(undefined, '16 megabytes')).rejects.toThrow('EMBEDDED_SHARED_BUFFERS');
  });

  it('lets the event loop turn between queued transactions, so a server under load still takes new connections', async () => {
    const db = await openPglite();
    try {
      const order: string[] = [];
      const queued = Array.from({ length: 10 }, (_, i) =>
        db.transaction(async (tx) => {
          await tx.query('select 1');
          order.push(`tx${i}`);
        }),
      );
      // Queued after the transactions: without a turn between them it would run after the tenth.
      setImmediate(() => order.push('turn'));
      await Promise.all(queued);
      // Without a turn between them the ten drain in promise callbacks: the loop turns only after the last.
      expect(order.slice(0, 2)).toContain('turn');
      expect(order.filter((x) => x !== 'turn')).toEqual(Array.from({ length: 10 }, (_, i) => `tx${i}`));
    } finally {
      await db.close();
    }
  });
});
