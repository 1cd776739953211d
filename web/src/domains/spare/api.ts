import { type Envelope, http } from '../../platform/http/client';
import type { Row } from '../../resources/types';

export const DOC = 'sparedoc';
export const DOC_BASE = '/api-manage/spareparts/doc';

export const DOC_TYPES = ['receipt', 'issue', 'transfer', 'adjust'] as const;
export type DocType = (typeof DOC_TYPES)[number];

/** The reasons of each document type (the server refuses others). */
export const REASONS_OF: Record<DocType, readonly string[]> = {
  receipt: ['purchase', 'jobReturn', 'other'],
  issue: ['order', 'task', 'costCentre', 'other'],
  transfer: ['transfer'],
  adjust: ['stocktake', 'other'],
};

/** Who may write a document of each type (button codes of the spare menus). */
export const WRITE_CODES: Record<DocType, readonly string[]> = {
  receipt: ['spare:in:add', 'spare:in:edit', 'spare:in:stockIn', 'spare:inbound:stockIn', 'spare:stock:stockIn'],
  issue: ['spare:out:add', 'spare:out:edit', 'spare:out:stockOut', 'spare:stock:stockOut'],
  transfer: ['spare:allot:add', 'spare:allot:edit', 'spare:allot:transfer', 'spare:stock:transfer'],
  adjust: ['spare:stock:stocktake'],
};

export interface DocLine {
  key: number;
  sparePartId?: number;
  sparePartName?: string;
  quantity?: string | number;
  unitCost?: string | number | null;
  batch?: string | null;
  binId?: number | null;
  toBinId?: number | null;
}

export interface BinChoice {
  value: number;
  label: string;
  code: string;
}

export const fetchDoc = async (id: number) => (await http.get<Envelope<Row>>(`${DOC_BASE}/get`, { id })).data;

export const saveDoc = (body: Record<string, unknown>) => http.post<Envelope<Row>>(`${DOC_BASE}/save`, body);

export const runDocAction = (action: string, body: Record<string, unknown>) =>
  http.post<Envelope<Row>>(`${DOC_BASE}/${action}`, body);

export const fetchBins = async (warehouseId: number) =>
  (await http.get<Envelope<BinChoice[]>>(`${DOC_BASE}/bins`, { warehouseId })).data;

export const partByCode = async (code: string) =>
  (await http.get<Envelope<{ id: number; code: string; name: string } | null>>(`${DOC_BASE}/partByCode`, { code }))
    .data;

/** What a part label's QR holds (a scan into a document's scan box finds the part). */
export const partQr = (code: string) => `SP:${code}`;
