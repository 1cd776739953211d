import { useQuery } from '@tanstack/react-query';
import { type Envelope, http } from '../../platform/http/client';
import type { Row } from '../../resources/types';

export const TASK = 'checktask';
export const ITEM = 'checktaskdtl';
export const PLAN = 'checkplan';

export const taskKey = (id: number) => ['resource-row', TASK, id, 'detail'];

export function useTask(id: number | null) {
  return useQuery({
    queryKey: taskKey(id ?? 0),
    enabled: !!id,
    queryFn: async () =>
      (await http.get<Envelope<Row & { details: Row[] }>>('/api-manage/checktask/get', { id: id! })).data,
    staleTime: 0,
  });
}

/** My open tasks due by the end of today (or overdue); with a machine code, those of that machine. */
export function useMine(kind: number | null, code?: string) {
  return useQuery({
    queryKey: ['resource-page', TASK, 'mine', kind, code ?? ''],
    queryFn: async () =>
      (
        await http.get<Envelope<Row[]>>('/api-manage/checktask/mine', {
          ...(kind ? { kind } : {}),
          ...(code ? { code } : {}),
        })
      ).data,
    staleTime: 0,
  });
}

/** Records an item's answer; the server judges it. Without a network it throws quietly (see outbox.ts). */
export const answerItem = async (body: { id: number; answer: string | null; note: string | null; photos: unknown[] }) =>
  await http.post<Envelope<Row>>('/api-manage/checktaskdtl/answer', body, { quietWhenOffline: true });

export const runAction = async (url: string, body: Record<string, unknown>) =>
  (await http.post<Envelope<Row>>(url, body)).msg ?? '';

export const generate = async (id: number) =>
  (await http.post<Envelope<{ tasks: number }>>('/api-manage/checkplan/generate', { id })).msg ?? '';

export interface Occurrence {
  planId: number;
  equipmentId: number;
  equipmentName: string | null;
  dueAt: string;
  deadline: string;
}

export function usePreview(id: number | null, days: number) {
  return useQuery({
    queryKey: ['check-preview', id, days],
    enabled: !!id,
    queryFn: async () =>
      (await http.get<Envelope<Occurrence[]>>('/api-manage/checkplan/preview', { id: id!, days })).data,
  });
}

export interface SummaryRow {
  key: string | null;
  name: string | null;
  total: number;
  onTime: number;
  late: number;
  missed: number;
  open: number;
  abnormalTasks: number;
  abnormalRate: number;
}

export function useSummary(q: { kind: number; from: string; to: string; groupBy: string }) {
  return useQuery({
    queryKey: ['check-summary', q],
    queryFn: async () => (await http.get<Envelope<SummaryRow[]>>('/api-list/checksummary', q)).data,
  });
}

export interface Reading {
  at: string;
  value: string;
  lower: string | null;
  upper: string | null;
  abnormal: boolean;
}

export const readings = async (body: { equipmentId: number; projectId: number; from: string; to: string }) =>
  (await http.post<Envelope<Reading[]>>('/api-manage/dataReport', body)).data;
