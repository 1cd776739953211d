import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { businessError, invalid } from '../../platform/http/errors.js';
import { anyEnvelope, envelope } from '../../platform/resources/openapi.js';
import { getRow, readContext } from '../../platform/resources/read.js';
import { resourceRoutes } from '../../platform/resources/routes.js';
import { runtimeRoutes } from '../../platform/resources/runtime-routes.js';
import {
  type StateSwitchBody,
  stateSwitchBody,
  switchIds,
  switchState,
} from '../../platform/resources/state-switch.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { deleteOwnMenus, isMenuGroup, menuGroups } from '../menu/tenant-menus.js';
import { FORM_MENU_URL, formEntityName, formTitles, PROJECT_MENU_URL, publishForm, syncFormMenu } from './form-menu.js';
import { formFields, formRecords, loadForm } from './forms.js';
import { projectRoutes } from './project-routes.js';
import { customFormEntity } from './resources.js';

const DESIGN = 'setUp:diyform:design';
const uuid = { type: 'string', format: 'uuid' };

async function formById(tx: TenantTx, id: unknown) {
  const ctx = await readContext(tx, customFormEntity, 'zh');
  return getRow(tx, ctx, id);
}

/**
 * Custom forms (settings > diyform): the form definitions (engine entity customform), each form's field
 * designer and records (runtime entities form/<code>/fields and form/<code>), the enable switch, and
 * publishing a form as a menu leaf of the company (/showform/<code>, with its own permission codes).
 */
export async function diyformRoutes(app: FastifyInstance): Promise<void> {
  await app.register(resourceRoutes([customFormEntity]));
  await app.register(runtimeRoutes(formRecords));
  await app.register(runtimeRoutes(formFields));
  await app.register(projectRoutes);

  app.post<{ Body: StateSwitchBody }>(
    '/api-manage/customform/updateState',
    {
      config: { permission: 'setUp:diyform:enable' },
      schema: {
        tags: ['customform'],
        summary: 'customform: switch forms on (1) or off (0); the menu leaf of a disabled form is hidden',
        body: stateSwitchBody,
        response: { 200: envelope({ type: 'object', properties: { changed: { type: 'integer' } } }) },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const ctx = await readContext(tx, customFormEntity, req.lang);
        const ids = switchIds(req.body);
        const changed = await switchState(tx, ctx, ids, req.body.state);
        for (const id of ids) await syncFormMenu(tx, await getRow(tx, ctx, id));
        return ok({ changed });
      }),
  );

  app.get(
    '/api-manage/customform/menuGroups',
    {
      config: { permission: DESIGN },
      schema: {
        tags: ['customform'],
        summary: "customform: the company's menu groups a form can be published under (a tree)",
        response: { 200: anyEnvelope },
      },
    },
    (req) => req.tenant(async (tx) => ok(await menuGroups(tx))),
  );

  app.post<{ Body: { id: number; parentId: string } }>(
    '/api-manage/customform/publish',
    {
      config: { permission: DESIGN },
      schema: {
        tags: ['customform'],
        summary:
          'customform: show the form in the menu under a group (moves it when already published); a project form becomes a fromproject leaf opening its projects (/project/index/<code>)',
        body: {
          type: 'object',
          required: ['id', 'parentId'],
          properties: { id: { type: 'integer' }, parentId: uuid },
        },
        response: { 200: envelope({ type: 'object', properties: { menuId: { type: 'string' } } }) },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const form = await formById(tx, req.body.id);
        const fields = await tx.query(
          'select 1 from custom_fields where tenant_id = $1 and entity = $2 and state = 1 limit 1',
          [tx.tenantId, formEntityName(String(form.code))],
        );
        if (fields.rows.length === 0) throw businessError('diyform.formNoFields', { name: formTitles(form)[req.lang] });
        if (!(await isMenuGroup(tx, req.body.parentId))) throw invalid('parentId', 'diyform.badMenuGroup');
        return ok({ menuId: await publishForm(tx, form, req.body.parentId) });
      }),
  );

  app.post<{ Body: { id: number } }>(
    '/api-manage/customform/unpublish',
    {
      config: { permission: DESIGN },
      schema: {
        tags: ['customform'],
        summary: 'customform: take the form out of the menu (role grants of its page go too)',
        body: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
        response: { 200: envelope({ type: 'object', properties: { deleted: { type: 'integer' } } }) },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const form = await formById(tx, req.body.id);
        return ok({ deleted: await deleteOwnMenus(tx, [FORM_MENU_URL, PROJECT_MENU_URL], [String(form.code)]) });
      }),
  );

  app.post<{ Params: { code: string }; Body: { ids: number[] } }>(
    '/api-manage/form/:code/fields/sort',
    {
      config: { permission: DESIGN },
      schema: {
        tags: ['form/:code/fields'],
        summary: "form fields: put the form's fields in this order",
        params: { type: 'object', properties: { code: { type: 'string', maxLength: 100 } } },
        body: {
          type: 'object',
          required: ['ids'],
          properties: { ids: { type: 'array', items: { type: 'integer' }, maxItems: 500 } },
        },
        response: { 200: envelope({ type: 'object', properties: { changed: { type: 'integer' } } }) },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const form = await loadForm(tx, req.params.code);
        const r = await tx.query(
          `update custom_fields f set sort = o.n * 10, updated_at = now(), updated_by = $4
             from unnest($3::bigint[]) with ordinality as o(id, n)
            where f.tenant_id = $1 and f.entity = $2 and f.id = o.id`,
          [tx.tenantId, formEntityName(form.code), req.body.ids, tx.userId],
        );
        return ok({ changed: r.rowCount });
      }),
  );
}
