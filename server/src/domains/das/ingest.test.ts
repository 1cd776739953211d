import { describe, expect, it } from 'vitest';
import type { Directory, GatewayInfo } from './directory.js';
import { Ingest, upTopic } from './ingest.js';
import type { TagInfo } from './payload.js';
import { parsePayload } from './payload.js';
import type { HistoryWriter } from './writer.js';

const tag: TagInfo = { id: 7, type: 'number', scale: 1, offset: 0, role: 'measurement', runAbove: null };
const gateway = (id: number): GatewayInfo => ({
  tenantId: 1,
  id,
  clientId: `1-gateway000${id}`,
  protocol: 'mqtt',
  secretHash: null,
  devices: new Map([['D', { id: id * 10, code: 'D', tags: new Map([['t', tag]]), runTag: null }]]),
});

/** A writer that only counts what it is handed (the pipeline's decisions are under test, not the database). */
function countingWriter() {
  const seen = new Map<number, { points: number; rejected: number }>();
  const writer = {
    add(_tenant: number, gatewayId: number, points: readonly unknown[], opts: { rejected: boolean }) {
      const s = seen.get(gatewayId) ?? { points: 0, rejected: 0 };
      s.points += points.length;
      if (opts.rejected) s.rejected++;
      seen.set(gatewayId, s);
    },
  };
  return { writer: writer as unknown as HistoryWriter, seen };
}

describe('the ingest pipeline', () => {
  it("limits a flooding gateway to its rate without holding up another's messages", async () => {
    const a = gateway(1);
    const b = gateway(2);
    const directory = { get: async (id: string) => (id === a.clientId ? a : b) } as unknown as Directory;
    const { writer, seen } = countingWriter();
    const ingest = new Ingest(directory, writer, console as never, 5);
    const body = JSON.stringify({ values: { t: 1 } });
    const flood = await Promise.all(
      Array.from({ length: 50 }, () => ingest.handle(a.clientId, upTopic(a.clientId, 'D'), body)),
    );
    const calm = [];
    for (let i = 0; i < 5; i++) calm.push(await ingest.handle(b.clientId, upTopic(b.clientId, 'D'), body));
    expect(flood.filter((o) => o === 'taken').length).toBeLessThanOrEqual(11);
    expect(flood.filter((o) => o === 'flood').length).toBeGreaterThanOrEqual(39);
    expect(seen.get(1)!.rejected).toBe(flood.filter((o) => o === 'flood').length);
    expect(calm).toEqual(['taken', 'taken', 'taken', 'taken', 'taken']);
    expect(seen.get(2)).toEqual({ points: 5, rejected: 0 });
  });

  it('refuses a topic that names another gateway than the one logged in', async () => {
    const a = gateway(1);
    const directory = { get: async () => a } as unknown as Directory;
    const ingest = new Ingest(directory, countingWriter().writer, console as never);
    expect(await ingest.handle(a.clientId, upTopic('1-someoneelse', 'D'), '{}')).toBe('topic');
    expect(await ingest.handle(a.clientId, `gw/${a.clientId}/down/D`, '{}')).toBe('topic');
  });
});

describe('payloads', () => {
  const tags = new Map([['t', tag]]);
  it('take a reading, an array of readings, and leave out what is not a value of the tag', () => {
    const now = Date.UTC(2026, 11, 4);
    expect(parsePayload('{"ts":1,"values":{"t":1}}', tags, now).rejected).toBe('timestamp');
    expect(parsePayload(`[{"values":{"t":1}},{"values":{"t":2,"x":3}}]`, tags, now)).toMatchObject({
      points: [{ v: 1 }, { v: 2 }],
      rejected: 'unknownTag',
    });
    expect(parsePayload('{"values":{"t":"1"}}', tags, now)).toMatchObject({ points: [], rejected: 'value' });
    expect(parsePayload('{"values":[1]}', tags, now).rejected).toBe('shape');
    expect(parsePayload('[]', tags, now).rejected).toBe('shape');
    expect(parsePayload(JSON.stringify(Array.from({ length: 1001 }, () => ({ values: {} }))), tags, now).rejected).toBe(
      'tooMany',
    );
  });
});
