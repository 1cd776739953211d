import { useQuery } from '@tanstack/react-query';
import type { ApiData } from '../../api/types';
import { getData } from '../../platform/http/client';

/** The group's figures over a period: per company and in total (types generated from the route's schema). */
export type GroupData = ApiData<'/api-user/group/getGroupData'>;
export type GroupCompanyRow = GroupData['companies'][number];
/** The figures of one company (or the group's total): counts as numbers, hours, rates and money as decimals. */
export type GroupFigures = Omit<GroupData['total'], 'companies'>;

/** GET /api-user/group/getGroupData: the caller's group over a period (none: this month on the server). */
export const fetchGroupData = (start?: string, end?: string) =>
  getData<GroupData>('/api-user/group/getGroupData', { start, end });

export const useGroupData = (start?: string, end?: string) =>
  useQuery({
    queryKey: ['group', 'figures', start ?? null, end ?? null],
    queryFn: () => fetchGroupData(start, end),
  });
