/** A relative time to show, as a message key of the common namespace and its values (spec 4, tab time). */
export type TimeDisplay =
  | { key: 'time.justNow' }
  | { key: 'time.minutesAgo'; count: number }
  | { key: 'time.hoursAgo'; count: number }
  | { key: 'time.oneDayAgo' }
  | { key: 'time.date'; date: number };

/**
 * Under 30 seconds 'just now', then minutes, then hours, then '1 day ago' under 172800 seconds; older
 * times show their date.
 */
export function timeDisplay(time: number, now: number = Date.now()): TimeDisplay {
  const diff = (now - time) / 1000;
  if (diff < 30) return { key: 'time.justNow' };
  if (diff < 3600) return { key: 'time.minutesAgo', count: Math.ceil(diff / 60) };
  if (diff < 3600 * 24) return { key: 'time.hoursAgo', count: Math.ceil(diff / 3600) };
  if (diff < 3600 * 24 * 2) return { key: 'time.oneDayAgo' };
  return { key: 'time.date', date: time };
}
