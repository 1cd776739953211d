import dayjs, { type Dayjs } from 'dayjs';

/** Date shortcuts (spec 9): a week (7 days), a month (30 days), three months (90 days), ending today. */
export type RangeKey = 'week' | 'month' | 'threeMonths';
export const RANGE_DAYS: Record<RangeKey, number> = { week: 7, month: 30, threeMonths: 90 };

/** [start of the first day, end of today] for the last `days` days, today included in the count. */
export function lastDays(days: number, today: Dayjs = dayjs()): [Dayjs, Dayjs] {
  return [today.subtract(days - 1, 'day').startOf('day'), today.endOf('day')];
}

/** The shortcut's range, as the legacy helpers computed it: today minus N days to today. */
export function shortcutRange(key: RangeKey, today: Dayjs = dayjs()): [Dayjs, Dayjs] {
  return [today.subtract(RANGE_DAYS[key], 'day').startOf('day'), today.endOf('day')];
}

/** The last 6 days before today and the last 90 days (the other helpers of spec 9). */
export const lastSixDays = (today: Dayjs = dayjs()) => lastDays(7, today);
export const lastNinetyDays = (today: Dayjs = dayjs()) => lastDays(90, today);

/** Presets for antd's RangePicker; `label` turns a key into the translated text (common:dateRange.<key>). */
export function rangePresets(label: (key: RangeKey) => string, today: Dayjs = dayjs()) {
  return (Object.keys(RANGE_DAYS) as RangeKey[]).map((key) => ({
    label: label(key),
    value: shortcutRange(key, today),
  }));
}
