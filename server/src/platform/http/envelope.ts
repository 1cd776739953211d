/** The success envelope of the wire: { rtnCode: 200, msg, data, count? }. */
export interface Envelope<T> {
  rtnCode: 200;
  msg: string;
  data: T;
  count?: number;
}

export const ok = <T>(data: T, msg = 'success'): Envelope<T> => ({ rtnCode: 200, msg, data });
export const page = <T>(data: T[], count: number, msg = 'success'): Envelope<T[]> => ({
  rtnCode: 200,
  msg,
  data,
  count,
});

/** JSON schemas of the envelopes for route response declarations. */
export const envelopeSchema = (data: object = {}) => ({
  type: 'object',
  properties: { rtnCode: { type: 'integer' }, msg: { type: 'string' }, data, count: { type: 'integer' } },
});
