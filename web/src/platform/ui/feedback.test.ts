import { describe, expect, it } from 'vitest';
import { type Feedback, openToastForTest } from './feedback';

function recorder() {
  const opened: { key: string; content: string }[] = [];
  const f = { message: { open: (c: { key: string; content: string }) => opened.push(c) } } as unknown as Feedback;
  return { f, opened };
}

describe('toast', () => {
  it('shows one toast for the same message asked for several times at once', () => {
    const { f, opened } = recorder();
    for (const at of [10_000, 10_010, 10_900]) openToastForTest(f, 'error', 'network down', undefined, at);
    expect(opened).toHaveLength(1);
  });

  it('gives the same message asked for again later a toast of its own, under a new key', () => {
    const { f, opened } = recorder();
    openToastForTest(f, 'success', 'saved', undefined, 20_000);
    // Just before the first one leaves (3 s): reusing its key showed nothing.
    openToastForTest(f, 'success', 'saved', undefined, 22_800);
    expect(opened.map((o) => o.content)).toEqual(['saved', 'saved']);
    expect(new Set(opened.map((o) => o.key)).size).toBe(2);
  });

  it('does not hold back a different message', () => {
    const { f, opened } = recorder();
    openToastForTest(f, 'success', 'saved', undefined, 30_000);
    openToastForTest(f, 'error', 'saved', undefined, 30_001);
    openToastForTest(f, 'success', 'deleted', undefined, 30_002);
    expect(opened).toHaveLength(3);
  });
});
