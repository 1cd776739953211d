import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { forbidden } from '../../platform/http/errors.js';
import { codes } from '../../platform/resources/meta.js';
import { envelope } from '../../platform/resources/openapi.js';
import { allRows, memberReadContext } from '../../platform/resources/read.js';
import { equipmentEntity, mouldEntity } from './resources.js';

/** A machine (type 1) or a mould (type 2) as the device dictionary lists it (spec 7.1). */
const item = {
  type: 'object',
  required: ['ID', 'CODE', 'NAME'],
  properties: { ID: { type: 'integer' }, CODE: { type: 'string' }, NAME: { type: 'string' } },
} as const;

const machineCodes = codes(equipmentEntity, 'view', 'add', 'edit');
const mouldCodes = codes(mouldEntity, 'view', 'add', 'edit');

/**
 * The device dictionary (spec 7.1): the tenant's live machines, or its moulds with type 2, as {ID, CODE, NAME}
 * for pick lists, within the caller's data scope, optionally narrowed by a keyword on code or name.
 */
export function deviceDictRoutes(app: FastifyInstance): void {
  app.get<{ Querystring: { type?: 1 | 2; keyword?: string } }>(
    '/api-manage/equipment/deviceDict',
    {
      config: { permission: [...machineCodes, ...mouldCodes] },
      schema: {
        tags: ['equipment'],
        summary: 'device dictionary: machines (type 1, default) or moulds (type 2) as ID, CODE, NAME',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            type: { type: 'integer', enum: [1, 2], default: 1 },
            keyword: { type: 'string', maxLength: 100 },
          },
        },
        response: { 200: envelope({ type: 'array', items: item }) },
      },
    },
    (req) => {
      const mould = req.query.type === 2;
      const needed = mould ? mouldCodes : machineCodes;
      const held = req.me().permissions;
      if (!needed.some((c) => held.has(c))) throw forbidden('errors.noPermission', { code: needed.join(' | ') });
      return req.tenant(async (tx) => {
        const ctx = await memberReadContext(tx, mould ? mouldEntity : equipmentEntity, req.lang);
        const rows = await allRows(tx, ctx, req.query.keyword ? { keyword: req.query.keyword } : {});
        return ok(rows.map((r) => ({ ID: Number(r.id), CODE: String(r.code), NAME: String(r.name) })));
      });
    },
  );
}
