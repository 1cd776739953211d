import type { FastifyPluginAsync } from 'fastify';
import { readUpload, uploadKind } from '../../platform/files/routes.js';
import { storeFile } from '../../platform/files/store.js';
import { ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { t } from '../../platform/i18n/index.js';
import { anonymousTenant } from '../../platform/system/anonymous.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import {
  countReport,
  linkedMachine,
  parseToken,
  publicReport,
  publicView,
  reportLink,
  revokeReportLink,
} from './public-report.js';

const anyData = {
  200: {
    type: 'object',
    properties: {
      rtnCode: { type: 'integer' },
      msg: { type: 'string' },
      data: { type: 'object', additionalProperties: true },
    },
  },
};
const tokenParams = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', maxLength: 100 } },
};
const idBody = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
};

/**
 * The breakdown report without logging in (the machine's QR label): the link's token names the tenant, so
 * everything runs in that tenant's own transaction as nobody. It shows the machine and its open orders only,
 * and is rate-limited per address and per machine. The tenant makes and revokes the links.
 */
export const publicReportRoutes: FastifyPluginAsync = async (app) => {
  const inTenant = <T>(token: string, fn: (tx: TenantTx, token: string) => Promise<T>) => {
    const parsed = parseToken(token);
    if (!parsed) throw new AppError('notFound', 'repair.errors.linkUnknown');
    return anonymousTenant(app, parsed.tenantId, (tx) => fn(tx, parsed.token));
  };

  app.get<{ Params: { token: string } }>(
    '/api-anon/repair/:token',
    {
      config: { public: true },
      schema: {
        tags: ['report'],
        summary: 'public report page: the machine and its open orders',
        params: tokenParams,
        response: anyData,
      },
    },
    async (req) => ok(await inTenant(req.params.token, (tx, token) => publicView(tx, token, req.lang))),
  );

  app.post<{ Params: { token: string }; Body: Record<string, unknown> }>(
    '/api-anon/repair/:token',
    {
      config: { public: true },
      schema: {
        tags: ['report'],
        summary: 'public report page: report a breakdown of the linked machine (rate-limited)',
        params: tokenParams,
        body: {
          type: 'object',
          properties: {
            phenomenon: { type: 'string', maxLength: 2000 },
            stopped: { type: 'boolean' },
            urgency: { type: 'string', enum: ['urgent', 'high', 'normal'] },
            reporterName: { type: 'string', maxLength: 50 },
            pictures: { type: 'array', maxItems: 6, items: { type: 'object', additionalProperties: true } },
          },
        },
        response: anyData,
      },
    },
    async (req) => {
      const r = await inTenant(req.params.token, (tx, token) =>
        publicReport(tx, token, req.body ?? {}, req.ip, req.lang),
      );
      return ok(r, t(req.lang, 'repair.messages.reported', { code: r.code }));
    },
  );

  app.post<{ Params: { token: string } }>(
    '/api-anon/repair/:token/photo',
    {
      config: { public: true },
      schema: {
        tags: ['report'],
        summary: 'public report page: a photo for the report (multipart field "file", images only)',
        params: tokenParams,
        consumes: ['multipart/form-data'],
        response: anyData,
      },
    },
    async (req) => {
      const { name, data } = await readUpload(req);
      const mime = uploadKind(name, data);
      if (!mime.startsWith('image/'))
        throw new AppError('invalid', 'files.badType', { field: 'file', allowed: 'jpg, png, webp, heic' }, 'file');
      const info = await inTenant(req.params.token, async (tx, token) => {
        const m = await linkedMachine(tx, token);
        await countReport(tx, m.id, req.ip);
        return storeFile(tx, app.fileStore, { name, mime, data });
      });
      return ok({ id: info.id, name: info.name });
    },
  );

  app.post<{ Body: { id: number } }>(
    '/api-manage/equipment/reportLink',
    {
      config: { permission: 'equipment:ledger:edit' },
      schema: {
        tags: ['equipment'],
        summary: "equipment: the machine's public report link (made when it has none)",
        body: idBody,
        response: anyData,
      },
    },
    (req) => req.tenant(async (tx) => ok(await reportLink(tx, req.body.id))),
  );

  app.post<{ Body: { id: number } }>(
    '/api-manage/equipment/reportLink/revoke',
    {
      config: { permission: 'equipment:ledger:edit' },
      schema: {
        tags: ['equipment'],
        summary: "equipment: revoke the machine's public report link",
        body: idBody,
        response: anyData,
      },
    },
    (req) =>
      req.tenant(async (tx) =>
        ok({ revoked: await revokeReportLink(tx, req.body.id) }, t(req.lang, 'repair.messages.linkRevoked')),
      ),
  );
};
