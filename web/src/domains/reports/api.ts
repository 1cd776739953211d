import { type Envelope, http } from '../../platform/http/client';

export type ColumnKind = 'text' | 'int' | 'hours' | 'minutes' | 'percent' | 'money' | 'number';

export interface ReportColumn {
  name: string;
  kind: ColumnKind;
  chart?: boolean;
}

/** A report as the server declares it (GET /api-list/report). */
export interface ReportDeclaration {
  key: string;
  menu: string;
  filters: string[];
  groups: string[];
  chart: 'bar' | 'pareto' | 'pie' | 'line';
  columns: ReportColumn[];
  trend: ReportColumn[] | null;
}

export interface ReportRow {
  key: string | number | null;
  name: string | null;
  drill?: Record<string, string | number> | null;
  [column: string]: unknown;
}

export interface ReportData {
  rows: ReportRow[];
  /** All rows of the report; the page gets the first few hundred. */
  rowCount?: number;
  total?: Record<string, unknown>;
  trend?: (Record<string, unknown> & { start: string; end: string })[];
  period: { start: string; end: string; timeZone: string };
  groupBy: string;
}

export type ReportQuery = Record<string, string | number | undefined>;

const clean = (q: ReportQuery) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string | number
  >;

export const fetchDeclarations = async () => (await http.get<Envelope<ReportDeclaration[]>>('/api-list/report')).data;

export const fetchReport = async (key: string, q: ReportQuery) =>
  (await http.get<Envelope<ReportData>>(`/api-list/report/${key}`, clean(q))).data;

export const exportReport = async (key: string, q: ReportQuery) =>
  http.post<Envelope<{ id: number }>>(`/api-list/report/${key}/export`, clean(q));

/** The repair orders behind a report row. */
export const drillLink = (drill: Record<string, string | number>) =>
  `/repair_admin/task/0?${new URLSearchParams(Object.entries(drill).map(([k, v]) => [k, String(v)])).toString()}`;

export interface HomePanel {
  open: number;
  overdue: number;
  stopped: number;
  reportedToday: number;
  period: { start: string; end: string };
  current: Record<string, string | number | null> | null;
  previous: Record<string, string | number | null> | null;
  ranking: { equipmentId: number; code: string; name: string; failures: number }[];
  oee: {
    availability: string | null;
    performance: string | null;
    quality: string | null;
    oee?: string | null;
    /** The machines with neither counters nor work reports in the 30 days: how many, the first few by code. */
    withoutData?: { count: number; names: string[] };
  };
  /** This month's electricity so far over the main meters, and the same days of last month (null: no meter). */
  energy?: {
    unit: string;
    month: string;
    quantity: string;
    cost: string | null;
    previous: string;
    goodParts: number | null;
    perPart: string | null;
  } | null;
}

export const fetchHomePanel = async () => (await http.get<Envelope<HomePanel>>('/api-list/homepanel')).data;

export interface LogEntry {
  id: number;
  at: string;
  userId: number | null;
  userName: string | null;
  entity: string;
  recordId: string | null;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** The entity's title and the record's code or name, in the reader's language. */
  entityLabel: string;
  recordLabel: string;
  /** The fields it touched, labelled, with option labels for enum values. */
  changes: { field: string; label: string; before: unknown; after: unknown }[];
}

export const fetchLog = async (q: ReportQuery) => {
  const r = await http.get<Envelope<LogEntry[]> & { count: number }>('/api-list/log/page', clean(q));
  return { rows: r.data, count: r.count };
};

/** The entities that have entries, each with its title in the reader's language. */
export const fetchLogEntities = async () => {
  const r = await http.get<Envelope<string[]> & { labels?: Record<string, string> }>('/api-list/log/entities');
  return r.data.map((value) => ({ value, label: r.labels?.[value] ?? value }));
};
