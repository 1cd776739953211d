import type { FieldIssue } from '../../platform/resources/types.js';
import { PERIOD_KINDS, type PeriodKind } from './kinds.js';

/** One period of a time-of-use tariff as stored: kind, start and end ('HH:MM', end '24:00' allowed), price. */
export interface TariffPeriod {
  kind: PeriodKind;
  start: string;
  end: string;
  price: string;
}

const DAY_MINUTES = 1440;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes after midnight of 'HH:MM' ('24:00' as the end of the day), or null. */
export function minutesOf(text: unknown, end = false): number | null {
  if (typeof text !== 'string') return null;
  if (end && text === '24:00') return DAY_MINUTES;
  const m = TIME.exec(text);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

const PRICE = /^\d{1,10}(\.\d{1,6})?$/;
const hhmm = (min: number) => `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;

/**
 * What is wrong with a tariff's periods, naming the field `periods`: a period that is not a kind, a time or a
 * price; two periods covering the same minutes; minutes of the day that no period covers. A period whose end is
 * not after its start runs over midnight (22:00–06:00).
 */
export function periodIssues(value: unknown): FieldIssue[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > 48)
    return [{ field: 'periods', key: 'energy.errors.periodsMissing' }];
  const owner = new Array<number>(DAY_MINUTES).fill(-1);
  for (const [i, p] of value.entries()) {
    const n = i + 1;
    const item = (p ?? {}) as Record<string, unknown>;
    const start = minutesOf(item.start);
    const end = minutesOf(item.end, true);
    const price = typeof item.price === 'number' ? String(item.price) : item.price;
    if (!PERIOD_KINDS.includes(item.kind as PeriodKind))
      return [{ field: 'periods', key: 'energy.errors.periodKind', params: { n } }];
    if (start === null || end === null || start === end)
      return [{ field: 'periods', key: 'energy.errors.periodTime', params: { n } }];
    if (typeof price !== 'string' || !PRICE.test(price))
      return [{ field: 'periods', key: 'energy.errors.periodPrice', params: { n } }];
    const length = (end - start + DAY_MINUTES) % DAY_MINUTES || DAY_MINUTES;
    for (let k = 0; k < length; k++) {
      const minute = (start + k) % DAY_MINUTES;
      const before = owner[minute]!;
      if (before >= 0) {
        return [
          {
            field: 'periods',
            key: 'energy.errors.periodsOverlap',
            params: { a: before + 1, b: n, at: hhmm(minute) },
          },
        ];
      }
      owner[minute] = i;
    }
  }
  const gap = owner.indexOf(-1);
  if (gap >= 0) {
    let stop = gap;
    while (stop < DAY_MINUTES && owner[stop] === -1) stop++;
    return [{ field: 'periods', key: 'energy.errors.periodsGap', params: { from: hhmm(gap), to: hhmm(stop) } }];
  }
  return [];
}
