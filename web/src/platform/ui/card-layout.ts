import type { TableProps } from 'antd';

/** The key of a table's actions column: below the breakpoint its content moves into a card's "⋯" menu. */
export const ACTIONS_COLUMN = '__actions';

/** A column as the card view needs it (antd's column type narrowed to what cards read). */
export interface CardColumn {
  key?: string | number;
  dataIndex?: string | number | readonly (string | number)[];
  title?: unknown;
  render?: (value: never, row: never, index: number) => unknown;
}

/** Which columns a row's card shows: its title (code and name), and the key fields below it. */
export interface CardLayout {
  /** Column keys shown as the card's title; default the first column. */
  title?: string[];
  /** Column keys shown as labelled fields; default the next three columns. */
  fields?: string[];
}

/** How many key fields a card shows when the page does not choose them. */
export const CARD_FIELDS = 3;

const keyOf = (c: CardColumn): string =>
  String(c.key ?? (Array.isArray(c.dataIndex) ? c.dataIndex.join('.') : (c.dataIndex ?? '')));

/** The columns of a card: title columns, field columns (2-4 key fields) and the actions column. */
export function cardColumns<C extends CardColumn>(
  columns: readonly C[],
  layout: CardLayout = {},
): { title: C[]; fields: C[]; actions: C | undefined } {
  const actions = columns.find((c) => keyOf(c) === ACTIONS_COLUMN);
  const data = columns.filter((c) => c !== actions);
  const pick = (keys: string[]) =>
    keys.map((k) => data.find((c) => keyOf(c) === k)).filter((c): c is C => c !== undefined);
  const title = layout.title ? pick(layout.title) : data.slice(0, 1);
  const fields = layout.fields ? pick(layout.fields) : data.filter((c) => !title.includes(c)).slice(0, CARD_FIELDS);
  return { title: title.length ? title : data.slice(0, 1), fields, actions };
}

/** The value a column reads from a row (its dataIndex, a path for nested values). */
export function cellValue(row: object, column: CardColumn): unknown {
  const path =
    column.dataIndex === undefined ? [] : Array.isArray(column.dataIndex) ? column.dataIndex : [column.dataIndex];
  let v: unknown = row;
  for (const p of path) v = v == null ? undefined : (v as Record<string | number, unknown>)[p];
  return v;
}

/**
 * The cards' pages from the table's pagination (an object): the server's page as given (current, total and
 * onChange), or the rows paged here. False or none: every row, as before.
 */
export function cardPage<T>(
  rows: readonly T[],
  pagination: TableProps<T>['pagination'],
  localPage: number,
): { rows: readonly T[]; current: number; pageSize: number; total: number } | null {
  if (!pagination || typeof pagination !== 'object' || !pagination.pageSize) return null;
  const { pageSize } = pagination;
  if (pagination.total !== undefined && pagination.current !== undefined)
    return { rows, current: pagination.current, pageSize, total: pagination.total };
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(Math.max(1, localPage), pages);
  return { rows: rows.slice((current - 1) * pageSize, current * pageSize), current, pageSize, total: rows.length };
}
