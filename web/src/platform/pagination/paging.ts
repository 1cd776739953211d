/** Pagination constants (spec 9). */
export const DEFAULT_PAGE = 1;
export const DEFAULT_LIMIT = 20;
export const PAGE_SIZES: readonly number[] = [10, 50, 100];
export const PAGER_COUNT = 5;

/** Number of pages for a total and a page size; never below 1. */
export function pageCount(total: number, limit: number): number {
  if (!Number.isFinite(total) || total <= 0 || !Number.isFinite(limit) || limit <= 0) return 1;
  return Math.max(1, Math.ceil(total / limit));
}

/**
 * The typed page jump (spec 5): parse to an integer; a non-number becomes 1, values above the last page become
 * the last page and values below 1 become 1.
 */
export function parseJump(input: string | number | null | undefined, lastPage: number): number {
  const n = typeof input === 'number' ? Math.trunc(input) : Number.parseInt(String(input ?? '').trim(), 10);
  if (Number.isNaN(n)) return 1;
  const last = Math.max(1, lastPage);
  if (n > last) return last;
  if (n < 1) return 1;
  return n;
}

export type PagerItem = number | 'prevMore' | 'nextMore';

/** The numbered buttons: first and last page always, a window of `pagerCount` around the current page. */
export function pagerItems(current: number, pages: number, pagerCount = PAGER_COUNT): PagerItem[] {
  if (pages <= 1) return [1];
  const half = (pagerCount - 1) / 2;
  let prevMore = false;
  let nextMore = false;
  if (pages > pagerCount) {
    if (current > pagerCount - half) prevMore = true;
    if (current < pages - half) nextMore = true;
  }
  const middle: number[] = [];
  if (prevMore && !nextMore) {
    for (let i = pages - (pagerCount - 2); i < pages; i++) middle.push(i);
  } else if (!prevMore && nextMore) {
    for (let i = 2; i < pagerCount; i++) middle.push(i);
  } else if (prevMore && nextMore) {
    const offset = Math.floor(pagerCount / 2) - 1;
    for (let i = current - offset; i <= current + offset; i++) middle.push(i);
  } else {
    for (let i = 2; i < pages; i++) middle.push(i);
  }
  return [
    1,
    ...(prevMore ? (['prevMore'] as const) : []),
    ...middle,
    ...(nextMore ? (['nextMore'] as const) : []),
    pages,
  ];
}
