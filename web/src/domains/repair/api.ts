import { useQuery } from '@tanstack/react-query';
import { type Envelope, http } from '../../platform/http/client';
import type { Row } from '../../resources/types';
import { recordKey } from '../../resources/workflow';

export const ENTITY = 'maintaintask';
export const BASE = '/api-manage/maintaintask';

/** The address that opens an order's drawer (through login when needed), and its printed work order. */
export const orderLink = (id: number) => `/repair_admin/task/0?id=${id}`;
export const printPath = (id: number) => `/repairtemplate?id=${id}`;

/** Orders whose report may no longer change once the work has started (the server refuses it too). */
export const workStarted = (row: Row) => !['reported', 'dispatched', 'accepted'].includes(String(row.state));

/** The order's query key: the record key its workflow steps update and a realtime push of the order reloads. */
export const orderKey = (id: number) => recordKey(ENTITY, id);

export function useOrder(id: number) {
  return useQuery({
    queryKey: orderKey(id),
    queryFn: async () => (await http.get<Envelope<Row>>(`${BASE}/get`, { id })).data,
    staleTime: 0,
  });
}

/** Reports a breakdown (numbered and placed by the server). */
export const reportBreakdown = async (body: Record<string, unknown>) =>
  (await http.post<Envelope<Row>>(`${BASE}/save`, body)).msg ?? '';

/** How many orders match the filters (the server counts; one row is fetched). */
export const countOrders = async (query: Record<string, string | number>) =>
  (await http.get<Envelope<Row[]>>(`${BASE}/page`, { ...query, page: 1, limit: 1 })).count ?? 0;
