import { type Envelope, http } from '../../platform/http/client';

export interface MiningTag {
  id: number;
  key: string;
  name: string;
  unit: string | null;
  dataType: string;
  deviceId: number;
  deviceCode: string;
  deviceName: string;
}
export interface MiningStats {
  count: number;
  min: number | null;
  max: number | null;
  mean: number | null;
  stddev: number | null;
}
export interface Bin {
  bin: number;
  lower: number;
  upper: number;
  count: number;
}
export interface TrendBucket {
  t: string;
  min: number | null;
  avg: number | null;
  max: number | null;
}
export interface Analysis {
  tag: MiningTag;
  from: string;
  to: string;
  stats: MiningStats;
  histogram: Bin[];
  trend: TrendBucket[];
}
export interface Outlier {
  ts: string;
  v: number;
  z: number;
}

export const fetchMiningTags = async (keyword: string) =>
  (await http.get<Envelope<MiningTag[]>>('/api-das/mining/tags', keyword ? { keyword } : {})).data;

export const fetchAnalysis = async (tagId: number, from: string, to: string, bins: number) =>
  (await http.get<Envelope<Analysis>>('/api-das/mining/analysis', { tagId, from, to, bins, buckets: 200 })).data;

export const fetchOutliers = async (tagId: number, from: string, to: string, page: number, limit: number) => {
  const r = await http.get<Envelope<Outlier[]>>('/api-das/mining/outliers', {
    tagId,
    from,
    to,
    page,
    limit,
  });
  return { rows: r.data, count: r.count ?? 0 };
};
