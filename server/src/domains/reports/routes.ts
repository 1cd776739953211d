import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { t } from '../../platform/i18n/index.js';
import { periodOf, querySchema, type ReportQuery, tenantTimeZone } from '../../platform/reports/filters.js';
import {
  allReports,
  PAGE_ROWS,
  type ReportDef,
  reportPermission,
  runReport,
} from '../../platform/reports/framework.js';
import { boardRoutes } from './board-routes.js';
import { queueReportExport, REPORT_EXPORT_JOB, reportExportJob } from './export.js';
import { homePanelRoutes } from './homepanel.js';
import { operationLogRoutes } from './oplog.js';
import './order-reports.js';
import './time-reports.js';
import './oee-losses.js';

const anyObject = { type: 'object', additionalProperties: true } as const;
const envelope = (data: object) => ({
  type: 'object',
  properties: { rtnCode: { type: 'integer' }, msg: { type: 'string' }, field: { type: 'string' }, data },
});

/** The declaration the web page builds itself from (filters, groupings, columns, chart kind). */
const declaration = (def: ReportDef) => ({
  key: def.key,
  menu: def.menu,
  filters: def.filters,
  groups: def.groups,
  chart: def.chart,
  columns: def.columns,
  trend: def.trend ?? null,
});

/**
 * Reports (spec 7.6 /api-list): one GET per declared report answering its rows, total and trend for the
 * filters, one POST queueing its export to My downloads; the home panel; the operation log.
 */
export const reportRoutes: FastifyPluginAsync = async (app) => {
  app.jobs.register(REPORT_EXPORT_JOB, reportExportJob(app));
  await app.register(homePanelRoutes);
  await app.register(operationLogRoutes);
  await app.register(boardRoutes);

  app.get(
    '/api-list/report',
    {
      schema: {
        tags: ['reports'],
        summary: 'The declared reports: filters, groupings, columns and chart kind of each',
        response: { 200: envelope({ type: 'array', items: anyObject }) },
      },
    },
    async () => ok(allReports().map(declaration)),
  );

  for (const def of allReports()) {
    app.get<{ Querystring: ReportQuery }>(
      `/api-list/report/${def.key}`,
      {
        config: { permission: reportPermission(def, 'view') },
        schema: {
          tags: ['reports'],
          summary: `Report ${def.key}: rows per ${def.groups.join('/')} for the period and filters (aggregated in SQL)`,
          querystring: querySchema,
          response: { 200: envelope(anyObject) },
        },
      },
      (req) =>
        req.tenant(
          async (tx) => {
            const period = periodOf(req.query, await tenantTimeZone(tx));
            const result = await runReport(def, {
              tx,
              q: req.query,
              period,
              lang: req.lang,
              limit: PAGE_ROWS,
              database: app.jobs.databaseKind,
            });
            return ok({
              ...result,
              rows: result.rows.slice(0, PAGE_ROWS),
              rowCount: result.rowCount ?? result.rows.length,
              period,
              groupBy: req.query.groupBy ?? def.groups[0],
            });
          },
          // A report may read parts of itself side by side (sideBySide in tenant-tx.ts).
          { sideBySide: true },
        ),
    );
    app.post<{ Body: ReportQuery }>(
      `/api-list/report/${def.key}/export`,
      {
        config: { permission: reportPermission(def, 'export') },
        schema: {
          tags: ['reports'],
          summary: `Report ${def.key}: queue an .xlsx of its rows to My downloads`,
          body: querySchema,
          response: { 200: envelope(anyObject) },
        },
      },
      (req) =>
        req.tenant(async (tx) => {
          const q = req.body ?? {};
          periodOf(q, await tenantTimeZone(tx));
          const id = await queueReportExport(app, tx, def, { userId: req.me().userId, lang: req.lang, query: q });
          return ok({ id }, t(req.lang, 'reports.exportQueued'));
        }),
    );
  }
};
