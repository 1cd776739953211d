import { AppError, businessError } from '../../platform/http/errors.js';
import { fieldError } from '../../platform/http/route-kit.js';
import type { EntityHooks, FieldIssue, WireRow } from '../../platform/resources/types.js';
import { isId, type TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { assertAdminRemains, holdsAdminRole } from './users.js';

/** True when the acting user holds an enabled administrator role (as the principal's isAdmin). */
const actsAsAdmin = (tx: TenantTx) => tx.userId !== null && holdsAdminRole(tx, [tx.userId], true);

/** SQL: the menu (an expression of its id) is a page, not a group: no menu hangs below it. */
export const isPage = (menuId: string) => `not exists (select 1 from menus c where c.parent_id = ${menuId})`;

/** Grants a role the pages of a role template that the company has, their groups and every button of those. */
async function applyTemplate(tx: TenantTx, roleId: unknown, raw: unknown): Promise<void> {
  if (!isId(raw)) throw new AppError('invalid', 'errors.validation.type', { field: 'templateId' }, 'templateId');
  const templateId = Number(raw);
  const tpl = await tx.query('select 1 from role_templates where id = $1', [templateId]);
  if (!tpl.rows.length) throw fieldError('templateId', 'errors.roleTemplate.notFound');
  // The template's pages the company has, and the groups above them: a group whose pages the company lacks
  // would show empty.
  await tx.query(
    `with recursive pages as (
       select tm.menu_id as id from role_template_menus tm
         join company_menus cm on cm.tenant_id = $1 and cm.menu_id = tm.menu_id
        where tm.template_id = $3 and ${isPage('tm.menu_id')}),
     up(id) as (select id from pages
                union select m.parent_id from menus m join up on m.id = up.id where m.parent_id is not null)
     insert into role_menus(tenant_id, role_id, menu_id)
     select $1, $2, up.id from up join company_menus cm on cm.tenant_id = $1 and cm.menu_id = up.id
     on conflict do nothing`,
    [tx.tenantId, roleId, templateId],
  );
  await tx.query(
    `insert into role_buttons(tenant_id, role_id, button_id)
     select $1, $2, b.id from menu_buttons b
       join role_menus rm on rm.tenant_id = $1 and rm.role_id = $2 and rm.menu_id = b.menu_id
     on conflict do nothing`,
    [tx.tenantId, roleId],
  );
}

const given = (v: unknown) => v !== undefined && v !== null && v !== '';

/**
 * The rules of a tenant's roles beyond their fields: the administrator role (made with the company) is changed
 * by administrators only, never disabled or deleted; no other role takes its code "admin" (the web's route
 * generation reads it); a role held by members is not deleted; a new role may start from a role template.
 */
export const roleHooks: EntityHooks = {
  async check(tx, row, existing) {
    const issues: FieldIssue[] = [];
    if (existing?.isAdmin) {
      if (!(await actsAsAdmin(tx))) throw businessError('errors.role.adminOnly');
      if (row.state === 0) issues.push({ field: 'state', key: 'errors.role.adminProtected' });
    } else if (typeof row.code === 'string' && row.code.toLowerCase() === 'admin')
      issues.push({ field: 'code', key: 'errors.role.codeReserved' });
    return issues;
  },

  async afterWrite(tx, before, after, body: WireRow) {
    if (!before && given(body.templateId)) await applyTemplate(tx, after.id, body.templateId);
    if (before?.isAdmin) await assertAdminRemains(tx);
  },

  async beforeDelete(_tx, rows) {
    for (const row of rows) {
      if (row.isAdmin) throw businessError('errors.role.adminProtected');
      const count = Number(row.userCount ?? 0);
      if (count > 0) throw businessError('errors.role.inUse', { count });
    }
  },
};
