import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { id, response } from '../../platform/http/route-kit.js';
import { tenantCompanies } from './company-menus.js';

const companyIds = { type: 'array', items: id, minItems: 1, maxItems: 5000 };

/**
 * Company groups (spec 7.3 company/addSysAssoce, delSysAssoce): tenant companies associated under a lead
 * company (companies.group_id is the lead's id; the lead points at itself).
 */
export async function companyGroupRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: { groupId: number; companyIds: number[] } }>(
    '/api-user/company/addSysAssoce',
    {
      config: { platform: true, permission: 'admin:company:edit' },
      schema: {
        tags: ['operator'],
        summary: 'Associate companies in the group led by groupId (a company leaves any group it was in)',
        body: { type: 'object', required: ['groupId', 'companyIds'], properties: { groupId: id, companyIds } },
        response,
      },
    },
    async (req) => {
      const n = await req.platform(async (tx) => {
        const [lead] = await tenantCompanies(tx, [req.body.groupId]);
        const members = await tenantCompanies(tx, [...new Set([lead!, ...req.body.companyIds])]);
        // A member that led another group brings that group's companies along.
        const r = await tx.query(
          'update companies set group_id = $1, updated_at = now() where id = any($2::bigint[]) or group_id = any($2::bigint[])',
          [lead, members],
        );
        return r.rowCount;
      });
      return ok({ groupId: req.body.groupId, companies: n });
    },
  );

  app.post<{ Body: { companyIds: number[] } }>(
    '/api-user/company/delSysAssoce',
    {
      config: { platform: true, permission: 'admin:company:edit' },
      schema: {
        tags: ['operator'],
        summary: 'Take companies out of their group; taking out a lead dissolves its group',
        body: { type: 'object', required: ['companyIds'], properties: { companyIds } },
        response,
      },
    },
    async (req) => {
      const n = await req.platform(async (tx) => {
        const ids = await tenantCompanies(tx, req.body.companyIds);
        const r = await tx.query(
          'update companies set group_id = null, updated_at = now() where id = any($1::bigint[]) or group_id = any($1::bigint[])',
          [ids],
        );
        return r.rowCount;
      });
      return ok({ companies: n });
    },
  );
}
