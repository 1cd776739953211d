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
});
