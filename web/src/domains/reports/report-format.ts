import type { TFunction } from 'i18next';
import type { ReportColumn, ReportRow } from './api';

/** A figure as the table shows it: null is "—", except an MTBF without failure: "> running time". */
export function formatCell(column: ReportColumn, row: Record<string, unknown>, t: TFunction): string {
  const v = row[column.name];
  if (v === null || v === undefined) {
    if (column.name === 'mtbf' && row.runningHours !== undefined)
      return t('reports:mtbfOver', { hours: row.runningHours });
    return '—';
  }
  if (column.kind === 'percent') return `${v}%`;
  return String(v);
}

/** A figure for a chart: a number, or null when it does not exist (never an invented 0). */
export const chartValue = (row: Record<string, unknown>, column: string): number | null => {
  const v = row[column];
  return v === null || v === undefined ? null : Number(v);
};

export const rowName = (row: ReportRow, t: TFunction) => row.name ?? t('reports:none');
