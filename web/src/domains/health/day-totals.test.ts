import { describe, expect, it } from 'vitest';
import { dayTotals, type StatRow } from './api';

const row = (day: string, organizationId: number, registered: number, missing: number, fever = 0): StatRow => ({
  day,
  organizationId,
  organizationName: null,
  staff: registered + missing,
  registered,
  missing,
  fever,
  contact: 0,
  flagged: fever,
});

describe('the chart of the health statistics', () => {
  it('adds the departments of a day together and runs the days oldest first', () => {
    expect(dayTotals([row('2026-03-02', 1, 4, 1, 1), row('2026-03-01', 1, 5, 0), row('2026-03-02', 2, 3, 2)])).toEqual([
      { day: '2026-03-01', registered: 5, missing: 0, fever: 0, contact: 0 },
      { day: '2026-03-02', registered: 7, missing: 3, fever: 1, contact: 0 },
    ]);
  });
});
