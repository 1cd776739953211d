import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { invalid, notFound } from '../../platform/http/errors.js';
import { nest, response } from '../../platform/http/route-kit.js';
import { t } from '../../platform/i18n/index.js';
import { callerMenuTree } from '../menu/routes.js';
import type { MenuNode } from '../menu/tree.js';
import { CITY_TREE } from './cities.js';

const screenCode = { type: 'string', minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9_.-]+$' };

function findMenu(nodes: MenuNode[], id: string): MenuNode | null {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = findMenu(n.children, id);
    if (hit) return hit;
  }
  return null;
}

/**
 * Session helpers of spec 7.1: the city list for address pickers, the caller's company and organisation data,
 * the session and menu of the embedded form designer (yfform), and the company's big-screen layouts.
 */
export async function sessionInfoRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/sys/getSysCityList',
    {
      config: { public: true },
      schema: { tags: ['signup'], summary: 'Provinces and their main cities', security: [], response },
    },
    async (req) =>
      ok(
        Object.entries(CITY_TREE).map(([code, cities]) => ({
          code,
          name: t(req.lang, `cities.${code}`),
          children: cities.map((c) => ({ code: c, name: t(req.lang, `cities.${c}`) })),
        })),
      ),
  );

  app.get(
    '/sys/getOrganizationData',
    {
      config: { selfService: true },
      schema: { tags: ['org'], summary: "The caller's company and its organisation tree", response },
    },
    async (req) => {
      const p = req.me();
      return ok(
        await req.tenant(async (tx) => {
          const c = await tx.query(
            `select id, name, code, logo, expiry_date as "expiryDate", language, timezone
               from companies where id = $1`,
            [tx.tenantId],
          );
          const orgs = await tx.query<{ id: number; parentId: number | null }>(
            `select id, parent_id as "parentId", organization_name as "organizationName",
                    organization_code as "organizationCode", phone, state, ext1
               from organizations where tenant_id = $1 order by sort, id`,
            [tx.tenantId],
          );
          const u = await tx.find<{ organization_id: number | null }>('users', p.userId, 'organization_id');
          return {
            company: c.rows[0] ?? null,
            organizationId: u?.organization_id ?? null,
            organizations: nest(orgs.rows),
          };
        }),
      );
    },
  );

  app.get(
    '/api-user/yfform/getYfSessionInfo',
    {
      config: { selfService: true },
      schema: { tags: ['signup'], summary: 'Who is signed in, for the embedded form designer', response },
    },
    async (req) => {
      const p = req.me();
      const r = await req.tenant((tx) =>
        tx.query<{ username: string; peoplename: string; organization_id: number | null; company: string }>(
          `select u.username, u.peoplename, u.organization_id, c.name as company
             from users u join companies c on c.id = u.tenant_id where u.tenant_id = $1 and u.id = $2`,
          [tx.tenantId, p.userId],
        ),
      );
      const u = r.rows[0]!;
      return ok({
        userId: p.userId,
        tenantId: p.tenantId,
        username: u.username,
        peoplename: u.peoplename,
        organizationId: u.organization_id,
        companyName: u.company,
        lang: req.lang,
        isAdmin: p.isAdmin,
        permissions: [...p.permissions].sort(),
      });
    },
  );

  app.get<{ Querystring: { menuId: string } }>(
    '/api-user/yfform/getYfMenuInfo',
    {
      config: { selfService: true },
      schema: {
        tags: ['signup'],
        summary: 'One menu of the caller with the buttons they hold (404 when not theirs)',
        querystring: {
          type: 'object',
          required: ['menuId'],
          properties: { menuId: { type: 'string', minLength: 1, maxLength: 40, pattern: '^[0-9a-fA-F-]+$' } },
        },
        response,
      },
    },
    async (req) => {
      const p = req.me();
      const tree = await req.tenant((tx) => callerMenuTree(tx, p));
      const menu = findMenu(tree, req.query.menuId.toLowerCase());
      if (!menu) throw notFound();
      const { children, ...rest } = menu;
      return ok({ ...rest, children: children.map((c) => ({ id: c.id, menuname: c.menuname, url: c.url })) });
    },
  );

  app.get<{ Querystring: { code?: string } }>(
    '/api-user/screen/get',
    {
      config: { selfService: true },
      schema: {
        tags: ['signup'],
        summary: 'A big-screen layout of the company (null when none was saved)',
        querystring: { type: 'object', properties: { code: screenCode } },
        response,
      },
    },
    async (req) => {
      const code = req.query.code ?? 'default';
      const r = await req.tenant((tx) =>
        tx.query('select code, config, updated_at as "updatedAt" from screens where tenant_id = $1 and code = $2', [
          tx.tenantId,
          code,
        ]),
      );
      return ok(r.rows[0] ?? null);
    },
  );

  app.post<{ Body: { code?: string; config: Record<string, unknown> } }>(
    '/api-user/screen/save',
    {
      config: { permission: 'back:company:manage' },
      schema: {
        tags: ['signup'],
        summary: 'Save a big-screen layout of the company',
        body: {
          type: 'object',
          required: ['config'],
          properties: { code: screenCode, config: { type: 'object', additionalProperties: true, maxProperties: 200 } },
        },
        response,
      },
    },
    async (req) => {
      const p = req.me();
      const code = req.body.code ?? 'default';
      const text = JSON.stringify(req.body.config);
      if (text.length > 200_000) throw invalid('config', 'signup.screen.tooLarge');
      await req.tenant((tx) =>
        tx.query(
          `insert into screens(tenant_id, code, config, created_by, updated_by) values ($1, $2, $3::jsonb, $4, $4)
           on conflict (tenant_id, code) do update set config = excluded.config, updated_by = excluded.updated_by,
             updated_at = now()`,
          [tx.tenantId, code, text, p.userId],
        ),
      );
      return ok({ code });
    },
  );
}
