import { authHeaders, type Envelope, http } from '../../platform/http/client';

export interface Board {
  id: number;
  kind: 'repair' | 'equipment';
  name: string;
  workshopId: number | null;
  workshopName: string | null;
  token: string;
  createdAt: string;
  revokedAt: string | null;
}

export interface BoardOrder {
  id: number;
  code: string;
  state: string;
  urgency: string;
  stopped: boolean;
  phenomenon: string;
  equipmentCode: string;
  equipmentName: string;
  assigneeName: string | null;
  waitingMinutes: number;
  overdue: boolean;
}

export interface BoardMachine {
  id: number;
  code: string;
  name: string;
  status: string;
  statusName: string;
  openOrder: boolean;
}

export interface BoardView {
  board: Omit<Board, 'token'>;
  states?: string[];
  orders?: BoardOrder[];
  machines?: BoardMachine[];
  at: string;
}

/** Whether this browser holds a session (a TV opening a board link does not). */
export const signedIn = () => Object.keys(authHeaders()).length > 0;

export const fetchBoards = async () => (await http.get<Envelope<Board[]>>('/api-list/board/list')).data;
export const saveBoard = async (body: { kind: string; name: string; workshopId?: number | null }) =>
  http.post<Envelope<Board>>('/api-list/board/save', body);
export const revokeBoard = async (id: number) =>
  http.post<Envelope<{ revoked: number }>>('/api-list/board/revoke', { id });
export const fetchBoardView = async (token: string) =>
  (await http.get<Envelope<BoardView>>(`/api-anon/board/${encodeURIComponent(token)}`)).data;
export const boardLink = (token: string) => `/details?token=${encodeURIComponent(token)}`;
