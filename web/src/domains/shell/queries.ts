import { type Envelope, http } from '../../platform/http/client';

export interface Message {
  id: number;
  type_code?: string | null;
  title: string;
  content: string;
  state: 0 | 1;
  created_at: string;
}

export interface DownloadSummary {
  id: number;
  ywlx: number;
  filename?: string | null;
  filepath: string | null;
  createdate?: string;
}

export const MESSAGES_QUERY_KEY = 'messages';

export const fetchMessages = (page: number, limit: number, state?: 0 | 1) =>
  http.get<Envelope<Message[]>>('/api-core/msg/page', { page, limit, state });

export const fetchDownloads = (page: number, limit: number) =>
  http.get<Envelope<DownloadSummary[]>>('/api-core/download/page', { page, limit });

export const markRead = (ids: number[]) => http.post<Envelope<null>>('/api-core/msgtype/switchState', { ids });

export const deleteMessages = (ids: number[]) =>
  http.post<Envelope<{ deleted: number }>>('/api-core/msg/delMessageList', { ids });
