import { useQuery } from '@tanstack/react-query';
import { getData } from '../../platform/http/client';

/** The figures of one company (or the group's total): counts as numbers, hours, rates and money as decimals. */
export interface GroupFigures {
  equipment: number;
  reported: number;
  open: number;
  repairs: number;
  downtimeHours: string | null;
  mttr: string | null;
  checksDue: number;
  checksOnTime: number;
  checksMissed: number;
  onTimeRate: string | null;
  stockValue: string | null;
}

export interface GroupCompanyRow extends GroupFigures {
  id: number;
  name: string;
  code: string;
  lead: boolean;
  stopped: boolean;
}

export interface GroupData {
  period: { start: string; end: string; timeZone: string };
  companies: GroupCompanyRow[];
  total: GroupFigures & { companies: number };
}

/** GET /api-user/group/getGroupData: the caller's group over a period (none: this month on the server). */
export const fetchGroupData = (start?: string, end?: string) =>
  getData<GroupData>('/api-user/group/getGroupData', { start, end });

export const useGroupData = (start?: string, end?: string) =>
  useQuery({
    queryKey: ['group', 'figures', start ?? null, end ?? null],
    queryFn: () => fetchGroupData(start, end),
  });
