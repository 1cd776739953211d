import { type Envelope, http } from '../../platform/http/client';
import type { Row } from '../../resources/types';

export interface TreeNode {
  level: number;
  materialId: number;
  code: string;
  name: string;
  kind: string;
  quantity: string;
  scrapRate: string;
  totalQuantity: string;
  path: number[];
}

export interface UsedIn {
  level: number;
  materialId: number;
  code: string;
  name: string;
  bomCode: string;
  version: string;
  isCurrent: boolean;
  quantity: string;
}

export const bomTree = async (materialId: number, quantity = 1) =>
  (await http.get<Envelope<TreeNode[]>>('/api-pm/planWorkBom/tree', { materialId, quantity })).data;

export const whereUsed = async (materialId: number) =>
  (await http.get<Envelope<UsedIn[]>>('/api-pm/planWorkBom/whereUsed', { materialId })).data;

export const splitOrder = async (id: number, quantities: number[]) =>
  (await http.post<Envelope<Row[]>>('/api-pm/planWork/split', { id, quantities })).msg ?? '';

export const orderProgress = async (id: number) =>
  (await http.get<Envelope<Row[]>>('/api-pm/planWork/progress', { id })).data;

export const runSchedule = async (body: { from?: string; days?: number }) =>
  (await http.post<Envelope<{ scheduled: number; unscheduled: number }>>('/api-plantask/planTask/schedule', body))
    .msg ?? '';

export const runStep = async (url: string, body: Record<string, unknown>) =>
  (await http.post<Envelope<Row>>(url, body)).msg ?? '';

export interface ScanResult {
  code: string;
  kind: 'order' | 'station' | null;
  tasks: Row[];
}

export const scan = async (code: string) =>
  (await http.get<Envelope<ScanResult>>('/api-proreport/scan', { code })).data;

export const report = async (body: Record<string, unknown>) =>
  (await http.post<Envelope<Row>>('/api-proreport/workReport/save', body)).msg ?? '';

export const routing = async (id: number) =>
  (await http.get<Envelope<Row & { steps: Row[] }>>('/api-pm/tecProcessMain/get', { id })).data;

export const saveSteps = async (body: {
  id: number;
  steps: { procedureId: number; repeatReason?: string }[];
  layout?: Record<string, unknown>;
}) => (await http.post<Envelope<Row>>('/api-pm/tecProcessMain/saveSteps', body)).msg ?? '';

export const procedures = async () =>
  (await http.get<Envelope<Row[]>>('/api-pm/procedure/page', { page: 1, limit: 500 })).data;

export type ReportName = 'planVsActual' | 'scrapByReason' | 'stationOutput' | 'leadTime';

export const productionReport = async (name: ReportName, q: { from: string; to: string }) =>
  (await http.get<Envelope<Row[]>>(`/api-proreport/report/${name}`, q)).data;

export interface BoardSpan {
  start: string;
  end: string;
}

export interface BoardStation {
  id: number;
  code: string;
  name: string;
  kind: string;
  windows: BoardSpan[];
  repairs: BoardSpan[];
}

export interface BoardTask {
  id: number;
  stationId: number;
  planStart: string;
  planEnd: string;
  state: string;
  orderCode: string;
  procedureName: string;
  planQty: string;
}

export interface Board {
  day: string;
  start: string;
  end: string;
  stations: BoardStation[];
  tasks: BoardTask[];
}

export const scheduleBoard = async (day: string) =>
  (await http.get<Envelope<Board>>('/api-plantask/planTask/board', { day })).data;

export const moveTask = async (body: { id: number; stationId: number; start: string }) =>
  (await http.post<Envelope<Row>>('/api-plantask/planTask/move', body)).msg ?? '';
