import { type Envelope, http } from '../../platform/http/client';

export type Bucket = 'hour' | 'day' | 'shift' | 'month' | 'all';
export type GroupBy = 'meter' | 'organization' | 'workshop' | 'line' | 'equipment' | 'type' | 'period' | 'none';

export interface PlaceQuery {
  energyType?: string;
  meterId?: number;
  workshopId?: number;
  lineId?: number;
  equipmentId?: number;
}

export interface ConsumptionRow {
  bucket: string | null;
  key: string | null;
  name: string | null;
  quantity: string;
  cost: string | null;
  unpriced: string;
}

export interface RollupRow {
  id: number;
  parentId: number | null;
  code: string;
  name: string;
  energyType: string;
  unit: string | null;
  quantity: string;
  cost: string | null;
  subMeters: number;
  childrenQuantity: string;
  unmetered: string | null;
}

export interface MonthSeries {
  month: string;
  quantity: string;
  cost: string;
  days: { day: number; quantity: string; cost: string | null }[];
}

export interface Compare {
  current: MonthSeries;
  previous: MonthSeries;
  lastYear: MonthSeries;
}

export interface MeterByCode {
  id: number;
  code: string;
  name: string;
  energyType: string;
  energyTypeName: string;
  unit: string | null;
  multiplier: string;
  registerMax: string | null;
  lastValue: string | null;
  lastReadAt: string | null;
  lastKind: string | null;
}

export interface PerPart {
  quantity: string;
  cost: string | null;
  goodParts: number | null;
  perPart: string | null;
  note: string | null;
}

export interface PerPlace {
  key: string | null;
  name: string | null;
  quantity: string;
  cost: string | null;
  goodParts: number | null;
  perPart: string | null;
}

type Q = Record<string, string | number | undefined>;
const data = async <T>(path: string, params: Q) => (await http.get<Envelope<T>>(path, params)).data;

export const fetchConsumption = (q: PlaceQuery & { from: string; to: string; bucket: Bucket; groupBy: GroupBy }) =>
  data<ConsumptionRow[]>('/api-manage/energys/consumption', { ...q });
export const fetchRollup = (q: PlaceQuery & { from: string; to: string }) =>
  data<RollupRow[]>('/api-manage/energys/rollup', { ...q });
export const fetchCompare = (q: PlaceQuery & { month?: string }) =>
  data<Compare>('/api-manage/energys/compare', { ...q });
export const fetchPerPart = (q: PlaceQuery & { from: string; to: string }) =>
  data<PerPart>('/api-manage/energys/perPart', { ...q });
export const fetchPerPlace = (
  q: PlaceQuery & { from: string; to: string; groupBy: 'workshop' | 'line' | 'equipment' },
) => data<PerPlace[]>('/api-manage/energys/perPlace', { ...q });
export const fetchMeterByCode = (code: string) => data<MeterByCode>('/api-manage/energys/byCode', { code });

/** What a meter label's QR holds: the reading page's link with the meter's code. */
export const readingLink = (code: string) => `${window.location.origin}/energy/read?code=${encodeURIComponent(code)}`;

/** The meter code of a scan: the code in a label's link, or the text itself (a typed code, a bar code). */
export function meterCodeOf(scan: string): string | null {
  const value = scan.trim();
  if (!value) return null;
  if (/^https?:\/\/|^\//.test(value)) {
    try {
      const code = new URL(value, 'http://x').searchParams.get('code');
      if (code) return code.trim();
    } catch {
      return value;
    }
  }
  return value;
}
