import { useQuery } from '@tanstack/react-query';
import { type Envelope, http } from '../../platform/http/client';
import type { Row } from '../../resources/types';

export const ENTITY = 'maintaintask';
export const BASE = '/api-manage/maintaintask';

/** The address that opens an order's drawer (through login when needed), and its printed work order. */
export const orderLink = (id: number) => `/repair_admin/task/0?id=${id}`;
export const printPath = (id: number) => `/repairtemplate?id=${id}`;

/** Orders whose report may no longer change once the work has started (the server refuses it too). */
export const workStarted = (row: Row) => !['reported', 'dispatched', 'accepted'].includes(String(row.state));

export interface Step {
  id: number;
  action: string;
  actionName: string;
  fromStateName: string | null;
  toStateName: string | null;
  comment: string | null;
  userName: string | null;
  createdAt: string;
}

export interface RunningApproval {
  id: number;
  node: string | null;
  mine: boolean;
  submitterId: number | null;
}

export interface Timeline {
  steps: Step[];
  approval: RunningApproval | null;
}

/** Query keys under the entity's record key, so a realtime push of the order reloads them too. */
export const orderKey = (id: number) => ['resource-row', ENTITY, id, 'detail'];
export const stepsKey = (id: number) => ['resource-row', ENTITY, id, 'steps'];

export function useOrder(id: number) {
  return useQuery({
    queryKey: orderKey(id),
    queryFn: async () => (await http.get<Envelope<Row>>(`${BASE}/get`, { id })).data,
    staleTime: 0,
  });
}

export function useTimeline(url: string, id: number) {
  return useQuery({
    queryKey: stepsKey(id),
    queryFn: async () => (await http.get<Envelope<Timeline>>(url, { id })).data,
    staleTime: 0,
  });
}

/** Runs a workflow action; the answer's message says what was done. */
export const runAction = async (url: string, body: Record<string, unknown>) =>
  (await http.post<Envelope<Row>>(url, body)).msg ?? '';

export type Decision = 'approve' | 'reject' | 'recall';

export const decide = async (decision: Decision, id: number, comment?: string) =>
  (await http.post<Envelope<unknown>>(`/api-flow/approval/${decision}`, { id, comment })).msg ?? '';

/** Reports a breakdown (numbered and placed by the server). */
export const reportBreakdown = async (body: Record<string, unknown>) =>
  (await http.post<Envelope<Row>>(`${BASE}/save`, body)).msg ?? '';

/** How many orders match the filters (the server counts; one row is fetched). */
export const countOrders = async (query: Record<string, string | number>) =>
  (await http.get<Envelope<Row[]>>(`${BASE}/page`, { ...query, page: 1, limit: 1 })).count ?? 0;
