import { type Envelope, http } from '../../platform/http/client';

export const ADJUST_PERMISSION = 'integral:ledger:adjust';

export interface RankRow {
  id: number | null;
  name: string | null;
  points: number;
  entries: number;
  rank: number;
}

export const fetchRanking = async (q: { month: string; by: 'person' | 'group' }) =>
  (await http.get<Envelope<{ month: string; by: string; rows: RankRow[] }>>('/api-manage/integralledger/ranking', q))
    .data;

export const adjustPoints = async (body: { userId: number; points: number; comment: string }) =>
  (await http.post<Envelope<unknown>>('/api-manage/integralledger/adjust', body)).msg ?? '';
