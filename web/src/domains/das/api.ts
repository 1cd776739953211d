import { type Envelope, http } from '../../platform/http/client';

export interface LiveTag {
  id: number;
  key: string;
  name: string;
  unit: string | null;
  dataType: 'number' | 'boolean' | 'enum' | 'text';
  role: string;
  ts: string | null;
  value: number | string | null;
}
export interface Live {
  deviceId: number;
  equipmentId: number;
  online: boolean;
  lastSeenAt: string | null;
  state: RunState | null;
  stateSince: string | null;
  tags: LiveTag[];
}
export type RunState = 'running' | 'idle' | 'stopped' | 'fault' | 'offline';
export const RUN_STATES: readonly RunState[] = ['running', 'idle', 'stopped', 'fault', 'offline'];
export const STATE_COLORS: Record<RunState, string> = {
  running: '#52c41a',
  idle: '#faad14',
  stopped: '#8c8c8c',
  fault: '#ff4d4f',
  offline: '#d9d9d9',
};
export interface Bucket {
  t: string;
  min: number | null;
  max: number | null;
  avg: number | null;
  last: number | null;
}
export interface Interval {
  state: RunState;
  from: string;
  to: string;
}

/** The query key of a device's live values; the shell's socket invalidates it when the device sends (4 a second at most). */
export const liveKey = (id: number) => ['das-live', id] as const;

export const fetchLive = async (id: number) => (await http.get<Envelope<Live>>('/api-das/device/live', { id })).data;

export const fetchSeries = async (tagIds: number[], from: string, to: string, buckets: number) =>
  (
    await http.get<Envelope<{ tagId: number; buckets: Bucket[] }[]>>('/api-das/history/series', {
      tagIds: tagIds.join(','),
      from,
      to,
      buckets,
    })
  ).data;

export const fetchStates = async (id: number, from: string, to: string) =>
  (await http.get<Envelope<Interval[]>>('/api-das/device/states', { id, from, to })).data;

export const fetchOfEquipment = async (equipmentId: number) =>
  (
    await http.get<
      Envelope<{
        id: number;
        code: string;
        name: string;
        online: boolean;
        state: RunState | null;
        stateSince: string | null;
      } | null>
    >('/api-das/device/ofEquipment', { equipmentId })
  ).data;

export const rotateSecret = async (id: number) =>
  (await http.post<Envelope<{ clientId: string; secret: string }>>('/api-das/gateway/rotate', { id })).data;

export const createGateway = async (body: Record<string, unknown>) =>
  await http.post<Envelope<Record<string, unknown> & { clientId: string; secret: string }>>(
    '/api-das/gateway/save',
    body,
  );

export const sendInstruction = async (body: Record<string, unknown>) =>
  await http.post<Envelope<Record<string, unknown>>>('/api-das/deviceinstructions/send', body);
