import type { Database } from '../../db/index.js';
import { readContext } from '../../platform/resources/read.js';
import { createRow } from '../../platform/resources/write.js';
import { type TenantTx, withTenant } from '../../platform/tenancy/tenant-tx.js';
import { healthLink } from './public.js';
import { healthSurveyEntity } from './resources.js';
import { departmentOf, tenantToday } from './rules.js';

const LOCATIONS = ['厂区', '宿舍', '家中'];
const DAYS = 7;

/**
 * A week of registrations of the demo factory's staff, most through the link: a fever two days ago, a contact
 * yesterday, and today two people who have not registered yet; plus the tenant's live link for its poster.
 */
async function fill(tx: TenantTx): Promise<void> {
  await healthLink(tx);
  const ctx = await readContext(tx, healthSurveyEntity, 'zh');
  const people = await tx.query<{ id: string }>(
    'select id from users where tenant_id = $1 and not deleted and state = 1 order by id',
    [tx.tenantId],
  );
  const today = Date.parse(`${await tenantToday(tx)}T00:00:00Z`);
  for (let d = DAYS - 1; d >= 0; d--) {
    const day = new Date(today - d * 86_400_000).toISOString().slice(0, 10);
    for (const [i, p] of people.rows.entries()) {
      if (d === 0 && i >= people.rows.length - 2) continue;
      const fever = d === 2 && i === 1;
      const contact = d === 1 && i === 3;
      await createRow(
        tx,
        ctx,
        {
          surveyDate: day,
          userId: Number(p.id),
          organizationId: await departmentOf(tx, p.id),
          temperature: fever ? 37.8 : (36.2 + ((i * 7 + d * 3) % 8) / 10).toFixed(1),
          personalHealth: fever ? 'symptoms' : 'healthy',
          familyHealth: 'healthy',
          contact,
          location: LOCATIONS[(i + d) % LOCATIONS.length],
          source: i % 4 === 0 ? 'office' : 'link',
          registeredAt: new Date(Date.parse(`${day}T00:00:00Z`) + (60 + i * 3) * 60_000).toISOString(),
        },
        { system: true },
      );
    }
  }
}

export async function fillHealthDemo(db: Database, tenantId: number): Promise<void> {
  const admin = await db.query<{ id: number }>('select id from users where tenant_id = $1 order by id limit 1', [
    tenantId,
  ]);
  await withTenant(db, tenantId, admin.rows[0]?.id ?? null, fill);
}
