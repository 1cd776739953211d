import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { id, response } from '../../platform/http/route-kit.js';
import { moveCompaniesToVersion } from './version-moves.js';

/*
 * Moving companies between versions (/operatesys/version, /admin/company): a preview of what the move does to
 * the companies' menus, then the move itself in one transaction.
 */
const MOVE = 'operatesys:version:moveCompanies';
const body = {
  type: 'object',
  required: ['versionId', 'companyIds'],
  properties: { versionId: id, companyIds: { type: 'array', items: id, minItems: 1, maxItems: 5000 } },
};
interface MoveBody {
  versionId: number;
  companyIds: number[];
}

export async function versionMoveRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: MoveBody }>(
    '/api-user/sysversion/previewMoveCompanies',
    {
      // A read with a body (the list of companies can be long); it changes nothing, so it is not audited.
      // Also for editing one company's version (CompanyForm shows what the new version does first).
      config: { platform: true, permission: [MOVE, 'admin:company:edit'], readOnly: true },
      schema: {
        tags: ['operator'],
        summary: 'What moving companies to a version would do: per company and in total, menus added and removed',
        body,
        response,
      },
    },
    async (req) =>
      ok(await req.platform((tx) => moveCompaniesToVersion(tx, req.body.companyIds, req.body.versionId, false))),
  );

  app.post<{ Body: MoveBody }>(
    '/api-user/sysversion/moveCompanies',
    {
      config: { platform: true, permission: MOVE },
      schema: {
        tags: ['operator'],
        summary:
          "Move companies to a version: the old version's menus that the new one lacks go, the new one's come, " +
          'menus given to a company individually stay; all companies or none',
        body,
        response,
      },
    },
    async (req) =>
      ok(await req.platform((tx) => moveCompaniesToVersion(tx, req.body.companyIds, req.body.versionId, true))),
  );
}
