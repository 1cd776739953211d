import { randomBytes } from 'node:crypto';
import type { Config } from '../config.js';
import type { Database, Queryable } from '../db/index.js';
import { withDescendants } from '../domains/operator/company-menus.js';
import { createTenant, syncItemTemplates } from '../domains/operator/tenants.js';
import { setTemplateMenus } from '../domains/org/role-templates-routes.js';
import { t } from '../platform/i18n/index.js';
import { syncMenus } from './menus.js';

export const DEFAULT_EMBEDDED_PASSWORD = 'admin123';

export interface SeedResult {
  created: boolean;
  announcements: string[];
}

/** Hooks later modules add to fill the demo tenant (workshops, equipment, ...) on first start. */
export interface DemoOptions {
  /** Months of worked history (repair orders and the like); off in tests, which make their own. */
  history: boolean;
}
export type DemoFiller = (db: Database, tenantId: number, opts?: DemoOptions) => Promise<void>;
export const demoFillers: DemoFiller[] = [];

/**
 * Role templates a new company's administrator may start a role from (role/save with templateId): menu keys,
 * each with the pages below it and the groups above it.
 */
const ROLE_TEMPLATES: { name: string; menus: string[] }[] = [
  { name: 'equipmentKeeper', menus: ['workboard', 'equipment', 'eqmold', 'experience'] },
  {
    name: 'repairTechnician',
    menus: ['workboard', 'repair_admin', 'check.task', 'patrol.task', 'maintain.task', 'maintain.byScan', 'experience'],
  },
  { name: 'storekeeper', menus: ['workboard', 'spare', 'reportform.spareChart', 'reportform.sparecostList'] },
];

async function seedRoleTemplates(tx: Queryable): Promise<void> {
  for (const tpl of ROLE_TEMPLATES) {
    const r = await tx.query<{ id: number }>('insert into role_templates(name, remark) values ($1, $2) returning id', [
      t('zh', `seed.roleTemplates.${tpl.name}`),
      t('zh', `seed.roleTemplates.${tpl.name}Remark`),
    ]);
    const named = await tx.query<{ id: string }>('select id from menus where key = any($1::text[])', [tpl.menus]);
    await setTemplateMenus(
      tx,
      r.rows[0]!.id,
      await withDescendants(
        tx,
        named.rows.map((m) => m.id),
      ),
    );
  }
}

/**
 * Every start: menus and dictionary templates follow the code. First start only: the platform company with
 * the super administrator `root`, the default version, and a demo tenant company with its administrator `admin`.
 */
export async function seed(
  db: Database,
  config: Pick<Config, 'seedAdminPassword' | 'databaseUrl'> & { demoHistory?: boolean },
): Promise<SeedResult> {
  const result = await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(4242002)');
    await syncMenus(tx);
    await syncItemTemplates(tx);
    const exists = await tx.query('select 1 from companies where is_platform limit 1');
    if (exists.rows.length) return { created: false, announcements: [], demoTenant: 0 };

    const generated = !config.seedAdminPassword && !!config.databaseUrl;
    const password =
      config.seedAdminPassword || (generated ? `${randomBytes(9).toString('base64url')}7a` : DEFAULT_EMBEDDED_PASSWORD);
    const version = await tx.query<{ id: number }>(
      'insert into sys_versions(name, is_default) values ($1, true) returning id',
      [t('zh', 'seed.defaultVersion')],
    );
    await tx.query(
      'insert into version_menus(version_id, menu_id) select $1, id from menus where not platform_only and owner_tenant_id is null',
      [version.rows[0]!.id],
    );
    await seedRoleTemplates(tx);
    await createTenant(tx, {
      name: t('zh', 'seed.platformCompany'),
      code: 'platform',
      isPlatform: true,
      admin: { username: 'root', password, peoplename: t('zh', 'seed.superAdmin'), mustChangePassword: false },
    });
    const demo = await createTenant(tx, {
      name: t('zh', 'seed.demoCompany'),
      code: 'demo',
      versionId: version.rows[0]!.id,
      admin: { username: 'admin', password, peoplename: t('zh', 'seed.demoAdmin'), mustChangePassword: false },
    });
    const announcements = config.seedAdminPassword
      ? ['Seeded accounts root (operator) and admin (demo factory) with the password from SEED_ADMIN_PASSWORD.']
      : [
          `Seeded accounts root (operator) and admin (demo factory), password: ${password}`,
          generated
            ? 'This password is shown only once; change it after the first login.'
            : 'Set SEED_ADMIN_PASSWORD to choose another one.',
        ];
    return { created: true, announcements, demoTenant: demo.companyId };
  });
  if (result.demoTenant)
    for (const fill of demoFillers) await fill(db, result.demoTenant, { history: config.demoHistory !== false });
  return { created: result.created, announcements: result.announcements };
}
