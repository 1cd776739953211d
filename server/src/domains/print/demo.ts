import type { Database } from '../../db/index.js';
import { readContext } from '../../platform/resources/read.js';
import { createRow } from '../../platform/resources/write.js';
import { withTenant } from '../../platform/tenancy/tenant-tx.js';
import { DEMO_TEMPLATES } from './demo-layouts.js';
import { printTemplateEntity } from './resources.js';

/** The demo tenant's print and label templates, one per kind (demo-layouts.ts). */
export async function fillPrintDemo(db: Database, tenantId: number): Promise<void> {
  const admin = await db.query<{ id: number }>('select id from users where tenant_id = $1 order by id limit 1', [
    tenantId,
  ]);
  await withTenant(db, tenantId, admin.rows[0]?.id ?? null, async (tx) => {
    const ctx = await readContext(tx, printTemplateEntity, 'zh');
    for (const d of DEMO_TEMPLATES) await createRow(tx, ctx, { ...d, isDefault: false }, { system: true });
  });
}
