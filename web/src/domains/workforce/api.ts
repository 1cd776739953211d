import { useQuery } from '@tanstack/react-query';
import type { ApiData } from '../../api/types';
import { type Envelope, http } from '../../platform/http/client';

// The records as the routes answer them (types generated from their schemas).
export type Shift = ApiData<'/api-user/shift/all'>[number];
/** A shift cycle; its days (a shift id or null for a rest day, per day) are JSON, which the schema leaves open. */
export type Cycle = Omit<ApiData<'/api-user/workgroupShifts/cyclename'>[number], 'days'> & {
  days: (number | null)[] | null;
};
export type Workgroup = ApiData<'/api-user/workgroup/all'>[number];

export interface MonthGrid {
  days: string[];
  members: {
    userId: number;
    userName: string;
    role: string;
    shifts: Record<string, { id: number; shiftId: number; shiftName: string; colour: string | null }>;
  }[];
}

export const CYCLES_KEY = ['workforce', 'cycles'];
export const GRID_KEY = ['workforce', 'member-grid'];

const all = async <T>(url: string) => (await http.get<Envelope<T[]>>(url)).data;

export const useShifts = () =>
  useQuery({ queryKey: ['resource-page', 'shift', 'all'], queryFn: () => all<Shift>('/api-user/shift/all') });

export const useCycles = () =>
  useQuery({ queryKey: CYCLES_KEY, queryFn: () => all<Cycle>('/api-user/workgroupShifts/cyclename') });

export const useWorkgroups = () =>
  useQuery({
    queryKey: ['resource-page', 'workgroup', 'all'],
    queryFn: () => all<Workgroup>('/api-user/workgroup/all'),
  });

export const useMonthGrid = (workgroupId: number | null, month: string) =>
  useQuery({
    queryKey: [...GRID_KEY, workgroupId, month],
    queryFn: async () =>
      (await http.get<Envelope<MonthGrid>>('/api-user/workgroupShifts/memberShift', { workgroupId, month })).data,
    enabled: workgroupId !== null,
  });

export const saveCycle = (body: { id?: number; name: string; days: (number | null)[]; remark?: string | null }) =>
  http.post<Envelope<Cycle>>('/api-user/workgroupShifts/saveShiftCycle', body);

export const deleteCycle = (id: number) => http.post('/api-user/workgroupShifts/shiftCycle/del', { ids: [id] });

export const applyCycle = (body: {
  workgroupId: number;
  cycleId: number;
  startDate: string;
  endDate: string;
  firstDay: number;
}) => http.post<Envelope<{ members: number; shiftsWritten: number }>>('/api-user/workgroupShifts/save', body);
