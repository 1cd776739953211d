import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { codes } from '../../platform/resources/meta.js';
import { resourceRoutes } from '../../platform/resources/routes.js';
import './demo.js';
import { workforceEntities, workgroupShiftEntity } from './resources.js';
import { type ApplyCycle, applyCycle, MAX_APPLY_DAYS, memberMonth } from './scheduling.js';
import { settingsRoutes } from './settings-routes.js';

const envelope = (data: object) => ({
  type: 'object',
  properties: { rtnCode: { type: 'integer' }, msg: { type: 'string' }, field: { type: 'string' }, data },
});
const DATE = { type: 'string', maxLength: 10 };

/** Work groups, shifts, cycles, member and equipment shifts (spec 7.4), plus applying a cycle to a group. */
export async function workforceRoutes(app: FastifyInstance): Promise<void> {
  await app.register(resourceRoutes(workforceEntities));
  await app.register(settingsRoutes);

  app.post<{ Body: ApplyCycle }>(
    '/api-user/workgroupShifts/save',
    {
      config: { permission: 'setUp:scheduling:add' },
      schema: {
        tags: ['workgroupshift'],
        summary: `workgroupshift: apply a shift cycle to every member of a work group for up to ${MAX_APPLY_DAYS} days (replaces their shifts in the range)`,
        body: {
          type: 'object',
          required: ['workgroupId', 'cycleId', 'startDate', 'endDate'],
          properties: {
            workgroupId: { type: 'integer' },
            cycleId: { type: 'integer' },
            startDate: DATE,
            endDate: DATE,
            firstDay: { type: 'integer', minimum: 0, maximum: 366 },
            remark: { type: 'string', maxLength: 500 },
          },
        },
        response: {
          200: envelope({
            type: 'object',
            properties: {
              id: { type: 'integer' },
              members: { type: 'integer' },
              shiftsWritten: { type: 'integer' },
              restDays: { type: 'integer' },
            },
          }),
        },
      },
    },
    (req) => req.tenant(async (tx) => ok(await applyCycle(tx, req.body))),
  );

  app.get<{ Querystring: { workgroupId: number; month: string } }>(
    '/api-user/workgroupShifts/memberShift',
    {
      config: { permission: codes(workgroupShiftEntity, 'view', 'add', 'edit') },
      schema: {
        tags: ['workgroupshift'],
        summary: 'workgroupshift: the month grid of a work group (members and their shift per day)',
        querystring: {
          type: 'object',
          required: ['workgroupId', 'month'],
          properties: { workgroupId: { type: 'integer' }, month: { type: 'string', maxLength: 7 } },
        },
        response: {
          200: envelope({
            type: 'object',
            properties: {
              days: { type: 'array', items: { type: 'string' } },
              members: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    userId: { type: 'integer' },
                    userName: { type: 'string' },
                    role: { type: 'string' },
                    shifts: { type: 'object', additionalProperties: true },
                  },
                },
              },
            },
          }),
        },
      },
    },
    (req) => req.tenant(async (tx) => ok(await memberMonth(tx, req.query.workgroupId, req.query.month))),
  );
}
