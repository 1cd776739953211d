import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { forbidden } from '../../platform/http/errors.js';
import { bodyIds, filter, id, idsBody, response } from '../../platform/http/route-kit.js';
import { uploadBody, uploadedFile } from '../../platform/http/upload.js';
import { isLang, type Lang, t } from '../../platform/i18n/index.js';
import { entityTitle } from '../../platform/resources/model.js';
import { allEntities, columnOf } from '../../platform/resources/registry.js';
import { usernameOwners } from '../../platform/system/usernames.js';
import { applyMembers, type BatchMode, type MemberItem, USER_SHEET, usernamesOf } from './members-batch.js';
import { applyOrganizations, ORG_SHEET, type OrgItem } from './organizations-batch.js';
import { orgProps } from './organizations-routes.js';
import { queueSheetExport, SHEET_EXPORT_JOB, sheetExportJob } from './sheet-export.js';
import { Issues, readRows, type Sheet, sheetTemplate } from './sheets.js';
import { deleteBlockers, getUser } from './users.js';
import { userProps } from './users-routes.js';

/*
 * The batch calls of members and organisations (spec 7.2): import (importexcel adds, importexcelNew adds and
 * updates), list upserts, the delete notice and the exports through My downloads.
 */

const IMPORT = 'setUp:organize:import';
const EXPORT = 'setUp:organize:export';
const TEMPLATE = [IMPORT, 'setUp:organize:view'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const imported = (lang: Lang, r: { created: number; updated: number }) =>
  ok({ count: r.created + r.updated, ...r }, t(lang, 'org.imported', { created: r.created, updated: r.updated }));

async function upload(req: FastifyRequest, sheet: Sheet) {
  const { rows, issues } = await readRows(await uploadedFile(req), sheet, req.lang);
  for (const r of rows)
    for (const [k, v] of Object.entries(r.values)) if (v === null && k === 'password') delete r.values[k];
  return { rows, issues };
}

function template(app: FastifyInstance, sheet: Sheet): void {
  app.get(
    `/api-file/statics/template/file/${sheet.name}.xlsx`,
    {
      config: { permission: TEMPLATE, queryToken: true },
      schema: {
        tags: ['org'],
        summary: `The ${sheet.name} import template (.xlsx, headers in the caller's language; ?lang=zh|en|tw)`,
        querystring: { type: 'object', properties: { lang: { type: 'string' } } },
      },
    },
    async (req: FastifyRequest, reply: FastifyReply) => {
      const q = (req.query as { lang?: string }).lang;
      const lang = isLang(q) ? q : req.lang;
      const title = t(lang, `org.sheet.${sheet.name}.title`);
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${title}.xlsx`)}`)
        .send(await req.tenant((tx) => sheetTemplate(tx, sheet, lang)));
    },
  );
}

const memberItem = { type: 'object', properties: { id, ...userProps, password: filter(200) } };

const orgItem = { type: 'object', properties: { id, ...orgProps } };

const listBody = (item: object) => ({
  type: 'object',
  required: ['list'],
  properties: { list: { type: 'array', minItems: 1, maxItems: 5000, items: item } },
});

const importSchema = (summary: string) => ({
  tags: ['org'],
  summary,
  consumes: ['multipart/form-data'],
  body: uploadBody('the .xlsx file'),
  response,
});

export async function batchRoutes(app: FastifyInstance): Promise<void> {
  app.jobs.register(SHEET_EXPORT_JOB, sheetExportJob(app));
  template(app, USER_SHEET);
  template(app, ORG_SHEET);

  const importMembers = (mode: BatchMode) => async (req: FastifyRequest) => {
    const { rows, issues } = await upload(req, USER_SHEET);
    const items: MemberItem[] = rows.map((r) => ({ row: r.row, v: r.values }));
    const owners = await usernameOwners(app, usernamesOf(items));
    const r = await req.tenant((tx) => applyMembers(tx, owners, req.me(), items, mode, issues));
    return imported(req.lang, r);
  };
  app.post(
    '/api-user/users/importexcel',
    {
      config: { permission: IMPORT },
      schema: importSchema('Import new members from an .xlsx file (multipart "file"); any bad row imports nothing'),
    },
    importMembers('create'),
  );
  app.post(
    '/api-user/users/importexcelNew',
    {
      config: { permission: IMPORT },
      schema: importSchema('Import members: rows with an existing login name update that member, the rest are added'),
    },
    importMembers('upsert'),
  );

  const importOrgs = (mode: BatchMode) => async (req: FastifyRequest) => {
    const { rows, issues } = await upload(req, ORG_SHEET);
    const items: OrgItem[] = rows.map((r) => ({ row: r.row, v: r.values }));
    const r = await req.tenant((tx) => applyOrganizations(tx, items, mode, issues));
    return imported(req.lang, r);
  };
  app.post(
    '/api-user/organization/importexcel',
    {
      config: { permission: IMPORT },
      schema: importSchema(
        'Import new organisations (parent by code or name, also of other rows); any bad row imports nothing',
      ),
    },
    importOrgs('create'),
  );
  app.post(
    '/api-user/organization/importexcelNew',
    {
      config: { permission: IMPORT },
      schema: importSchema('Import organisations: rows with an existing code update it, the rest are added'),
    },
    importOrgs('upsert'),
  );

  app.post<{ Body: { list: MemberItem['v'][] } }>(
    '/api-user/users/saveOrUpdateMemberList',
    {
      config: { permission: ['setUp:organize:add', 'setUp:organize:edit'] },
      schema: {
        tags: ['org'],
        summary: 'Add (no id, with password) and change (id) members in one transaction; report per list position',
        body: listBody(memberItem),
        response,
      },
    },
    async (req) => {
      const me = req.me();
      const items = req.body.list.map((v, i) => ({ row: i + 1, v: { ...v } }));
      const needs = [
        ...new Set(items.map((i) => (i.v.id === undefined ? 'setUp:organize:add' : 'setUp:organize:edit'))),
      ];
      for (const code of needs) if (!me.permissions.has(code)) throw forbidden('errors.noPermission', { code });
      const owners = await usernameOwners(app, usernamesOf(items));
      const r = await req.tenant((tx) => applyMembers(tx, owners, me, items, 'list', new Issues('users', req.lang)));
      return ok(r);
    },
  );

  app.post<{ Body: { list: OrgItem['v'][] } }>(
    '/api-user/organization/saveOrUpdateOrganizationList',
    {
      config: { permission: ['setUp:organize:add', 'setUp:organize:edit'] },
      schema: {
        tags: ['org'],
        summary: 'Add (no id) and change (id) organisations in one transaction; report per list position',
        body: listBody(orgItem),
        response,
      },
    },
    async (req) => {
      const me = req.me();
      const items = req.body.list.map((v, i) => ({ row: i + 1, v: { ...v } }));
      const needs = [
        ...new Set(items.map((i) => (i.v.id === undefined ? 'setUp:organize:add' : 'setUp:organize:edit'))),
      ];
      for (const code of needs) if (!me.permissions.has(code)) throw forbidden('errors.noPermission', { code });
      const r = await req.tenant((tx) => applyOrganizations(tx, items, 'list', new Issues('organizations', req.lang)));
      return ok(r);
    },
  );

  app.post<{ Body: { id?: number; ids?: number[] } }>(
    '/api-user/users/delNotice',
    {
      config: { permission: 'setUp:organize:delete' },
      schema: {
        tags: ['org'],
        summary: 'What deleting members would affect: roles, open sessions, records naming them, and what blocks it',
        body: idsBody,
        response,
      },
    },
    async (req) => {
      const userIds = bodyIds(req.body);
      const refs = allEntities().flatMap((def) =>
        def.fields.filter((f) => f.type === 'ref' && f.ref === 'user' && !f.computed).map((f) => ({ def, f })),
      );
      const data = await req.tenant(async (tx) => {
        const out = [];
        for (const userId of userIds) {
          const u = await getUser(tx, userId);
          const sessions = await tx.query<{ n: number }>(
            `select count(*)::int as n from sessions where tenant_id = $1 and user_id = $2
               and revoked_at is null and expires_at > now()`,
            [tx.tenantId, userId],
          );
          const records: { entity: string; title: string; count: number }[] = [];
          for (const { def, f } of refs) {
            const live = def.softDelete ? ' and deleted_at is null' : '';
            const n = await tx.query<{ n: number }>(
              `select count(*)::int as n from "${def.table}" where tenant_id = $1 and "${columnOf(f)}" = $2${live}`,
              [tx.tenantId, userId],
            );
            const count = n.rows[0]!.n;
            const known = records.find((r) => r.entity === def.name);
            if (known) known.count += count;
            else if (count > 0) records.push({ entity: def.name, title: entityTitle(def, req.lang), count });
          }
          const reasons = await deleteBlockers(tx, req.me(), userId);
          out.push({
            id: userId,
            peoplename: u.peoplename,
            username: u.username,
            roleNames: u.roleNames,
            activeSessions: sessions.rows[0]!.n,
            records,
            canDelete: reasons.length === 0,
            reasons: reasons.map((k) => t(req.lang, k)),
          });
        }
        return out;
      });
      return ok(data);
    },
  );

  app.post<{ Body: Record<string, unknown>; Querystring: Record<string, unknown> }>(
    '/api-user/users/exportexcel',
    {
      config: { permission: EXPORT },
      schema: {
        tags: ['org'],
        summary: 'Export members (filters as users/all, in the query or body) to "My downloads"',
        querystring: {
          type: 'object',
          properties: {
            peoplename: filter(50),
            username: filter(50),
            number: filter(50),
            mobile: filter(30),
            organizationid: id,
            state: { type: 'integer', enum: [0, 1] },
            roleId: id,
          },
        },
        response,
      },
    },
    async (req) => {
      const me = req.me();
      const filter = { ...(req.query as object) };
      const downloadId = await req.tenant((tx) =>
        queueSheetExport(app, tx, { sheet: 'users', userId: me.userId, lang: req.lang, filter }),
      );
      app.jobs.wake();
      return ok({ id: downloadId }, t(req.lang, 'resources.exportQueued'));
    },
  );

  app.post(
    '/api-user/organization/exportexcel',
    {
      config: { permission: EXPORT },
      schema: { tags: ['org'], summary: 'Export the organisations to "My downloads"', response },
    },
    async (req) => {
      const me = req.me();
      const downloadId = await req.tenant((tx) =>
        queueSheetExport(app, tx, { sheet: 'organizations', userId: me.userId, lang: req.lang, filter: {} }),
      );
      app.jobs.wake();
      return ok({ id: downloadId }, t(req.lang, 'resources.exportQueued'));
    },
  );
}
