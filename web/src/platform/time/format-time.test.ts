import { describe, expect, it } from 'vitest';
import { timeDisplay } from './format-time';

const now = Date.UTC(2025, 0, 10, 12, 0, 0);
const ago = (seconds: number) => timeDisplay(now - seconds * 1000, now);

describe('tab time display (spec 4)', () => {
  it("says 'just now' under 30 seconds", () => {
    expect(ago(0)).toEqual({ key: 'time.justNow' });
    expect(ago(29)).toEqual({ key: 'time.justNow' });
  });

  it('counts minutes (rounded up) under an hour', () => {
    expect(ago(30)).toEqual({ key: 'time.minutesAgo', count: 1 });
    expect(ago(61)).toEqual({ key: 'time.minutesAgo', count: 2 });
    expect(ago(3599)).toEqual({ key: 'time.minutesAgo', count: 60 });
  });

  it('counts hours (rounded up) under a day', () => {
    expect(ago(3600)).toEqual({ key: 'time.hoursAgo', count: 1 });
    expect(ago(3601)).toEqual({ key: 'time.hoursAgo', count: 2 });
  });

  it("says '1 day ago' under 172800 seconds, then shows the date", () => {
    expect(ago(86400)).toEqual({ key: 'time.oneDayAgo' });
    expect(ago(172799)).toEqual({ key: 'time.oneDayAgo' });
    expect(ago(172800)).toEqual({ key: 'time.date', date: now - 172800 * 1000 });
  });
});
