import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { id, response } from '../../platform/http/route-kit.js';
import { tenantMenuTree } from '../menu/tree.js';
import {
  addCompanyMenus,
  getCompany,
  removeCompanyMenus,
  replaceCompanyMenus,
  tenantCompanies,
} from './company-menus.js';

const uuid = { type: 'string', format: 'uuid' };
const menuIds = { type: 'array', items: uuid, maxItems: 5000 };
const companyIds = { type: 'array', items: id, minItems: 1, maxItems: 5000 };

/** Which menus each tenant company has (spec 6 company-level menu assignment; 7.3 company/...). */
export async function companyMenuRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { companyId: number } }>(
    '/api-user/company/findAllMenusByCompanyId',
    {
      config: { platform: true, permission: ['admin:company:view', 'admin:companyAuthorize:view'] },
      schema: {
        tags: ['operator'],
        summary: "A company's menu ids, with the tree of every menu a tenant can have",
        querystring: { type: 'object', required: ['companyId'], properties: { companyId: id } },
        response,
      },
    },
    async (req) =>
      ok(
        await req.platform(async (tx) => {
          await getCompany(tx, req.query.companyId);
          const r = await tx.query<{ menu_id: string }>(
            'select menu_id from company_menus where tenant_id = $1 order by menu_id',
            [req.query.companyId],
          );
          return { menuIds: r.rows.map((x) => x.menu_id), menus: await tenantMenuTree(tx) };
        }),
      ),
  );

  app.post<{ Body: { companyId: number; menuIds: string[] } }>(
    '/api-user/company/saveCompanyMenuid',
    {
      config: { platform: true, permission: 'admin:company:setMenu' },
      schema: {
        tags: ['operator'],
        summary: "Replace a company's menus (their groups are added; role grants of removed menus go)",
        body: { type: 'object', required: ['companyId', 'menuIds'], properties: { companyId: id, menuIds } },
        response,
      },
    },
    async (req) => {
      const n = await req.platform(async (tx) => {
        const [companyId] = await tenantCompanies(tx, [req.body.companyId]);
        return replaceCompanyMenus(tx, companyId!, req.body.menuIds);
      });
      return ok({ menuCount: n });
    },
  );

  app.post<{ Body: { companyIds: number[]; menuIds: string[] } }>(
    '/api-user/company/batchSaveCompanyMenuid',
    {
      config: { platform: true, permission: 'admin:companyAuthorize:authorize' },
      schema: {
        tags: ['operator'],
        summary: 'Give menus to several companies (added to what they have)',
        body: { type: 'object', required: ['companyIds', 'menuIds'], properties: { companyIds, menuIds } },
        response,
      },
    },
    async (req) => {
      await req.platform(async (tx) =>
        addCompanyMenus(tx, await tenantCompanies(tx, req.body.companyIds), req.body.menuIds),
      );
      return ok(null);
    },
  );

  app.post<{ Body: { companyIds: number[]; menuIds: string[] } }>(
    '/api-user/company/batchRemoveCompanyMenuid',
    {
      config: { platform: true, permission: 'admin:companyAuthorize:revoke' },
      schema: {
        tags: ['operator'],
        summary: 'Take menus, with the pages below them, away from several companies',
        body: { type: 'object', required: ['companyIds', 'menuIds'], properties: { companyIds, menuIds } },
        response,
      },
    },
    async (req) => {
      await req.platform(async (tx) =>
        removeCompanyMenus(tx, await tenantCompanies(tx, req.body.companyIds), req.body.menuIds),
      );
      return ok(null);
    },
  );
}
