import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { zoneOrUtc } from '../../platform/reports/filters.js';
import { ownerDb } from '../../platform/system/owner.js';
import { type GroupCompany, groupCompanies, groupFigures, groupPeriod } from './figures.js';

/**
 * The group page (集团, the static route /group): a group lead's users see the figures of every company of its
 * group. The members' rows are other tenants' rows, so this is a declared owner-connection place (biome.json):
 * the companies read are those whose group_id is the caller's tenant from the token, never an id from input,
 * and the statement only reads.
 *
 * Guarded by back:company:manage, the company manager's code (the configuration page /info/index): /group is a
 * static route, not a menu, so it has no button of its own to grant.
 */
export const GROUP_PERMISSION = 'back:company:manage';

const day = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' };
const decimal = { type: ['string', 'null'] };
const figures = {
  equipment: { type: 'integer' },
  reported: { type: 'integer' },
  open: { type: 'integer' },
  repairs: { type: 'integer' },
  downtimeHours: decimal,
  mttr: decimal,
  checksDue: { type: 'integer' },
  checksOnTime: { type: 'integer' },
  checksMissed: { type: 'integer' },
  onTimeRate: decimal,
  stockValue: decimal,
};

const responseSchema = {
  200: {
    type: 'object',
    properties: {
      rtnCode: { type: 'integer' },
      msg: { type: 'string' },
      // A business error (a period that is no period) names its field.
      field: { type: 'string' },
      data: {
        type: 'object',
        properties: {
          period: {
            type: 'object',
            properties: { start: { type: 'string' }, end: { type: 'string' }, timeZone: { type: 'string' } },
          },
          companies: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'integer' },
                name: { type: 'string' },
                code: { type: 'string' },
                lead: { type: 'boolean' },
                stopped: { type: 'boolean' },
                ...figures,
              },
            },
          },
          total: { type: 'object', properties: { companies: { type: 'integer' }, ...figures } },
        },
      },
    },
  },
};

export async function groupRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { start?: string; end?: string } }>(
    '/api-user/group/getGroupData',
    {
      config: { permission: GROUP_PERMISSION },
      schema: {
        tags: ['group'],
        summary:
          "The figures of every company of the caller's group (the caller's company must lead it) over a period: " +
          'machines in service, repair orders reported and open, downtime and MTTR of the finished ones, check ' +
          'tasks due, done on time and missed, spare stock value; with the totals. Default period: this month.',
        querystring: { type: 'object', properties: { start: day, end: day } },
        response: responseSchema,
      },
    },
    async (req) => {
      const db = ownerDb(app);
      const tenantId = req.me().tenantId;
      const companies = await groupCompanies(db, tenantId);
      const lead = companies[0] as GroupCompany;
      const period = groupPeriod(req.query, zoneOrUtc(lead.timezone));
      const { rows, total } = await groupFigures(db, companies, period);
      return ok({
        period,
        companies: companies.map((c) => ({
          id: c.id,
          name: c.name,
          code: c.code,
          lead: c.id === tenantId,
          // A stopped company stays in its group and is listed (its data stays), marked so.
          stopped: c.state === 0,
          ...rows.get(c.id),
        })),
        total: { companies: companies.length, ...total },
      });
    },
  );
}
