import type { Queryable } from '../../db/index.js';

/*
 * A role's grants of menus and buttons (role_menus, role_buttons) belong to org: the operator's company menus
 * change them through this, never by statements of their own.
 */

/**
 * Drops the grants of menus and buttons a company no longer has (the operator changed its menus): run on the
 * platform handle, for the company named.
 */
export async function dropGrantsOutsideCompanyMenus(db: Queryable, companyId: number): Promise<void> {
  await db.query(
    `delete from role_menus rm where rm.tenant_id = $1
        and not exists (select 1 from company_menus cm where cm.tenant_id = $1 and cm.menu_id = rm.menu_id)`,
    [companyId],
  );
  await db.query(
    `delete from role_buttons rb where rb.tenant_id = $1
        and not exists (select 1 from menu_buttons b join company_menus cm on cm.tenant_id = $1 and cm.menu_id = b.menu_id
                         where b.id = rb.button_id)`,
    [companyId],
  );
}
