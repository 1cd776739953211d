import { randomBytes } from 'node:crypto';
import type { Config } from '../config.js';
import type { Database, Queryable } from '../db/index.js';
import { withDescendants } from '../domains/menu/tree.js';
import { createTenant, syncItemTemplates } from '../domains/operator/tenants.js';
import { setTemplateMenus } from '../domains/org/role-templates-routes.js';
import { t } from '../platform/i18n/index.js';
import { DEMO_STEPS, type DemoOptions } from './demo.js';
import { syncMenus } from './menus.js';

export const DEFAULT_EMBEDDED_PASSWORD = 'admin123';

export interface SeedResult {
  created: boolean;
  announcements: string[];
}

/**
 * Role templates a new company's administrator may start a role from (role/save with templateId): menu keys,
 * each with the pages below it and the groups above it.
 */
const ROLE_TEMPLATES: { name: string; menus: string[] }[] = [
  { name: 'equipmentKeeper', menus: ['workboard', 'equipment', 'eqmold', 'experience'] },
  {
    name: 'repairTechnician',
    menus: [
      'workboard',
      'repair_admin.task',
      'check.task',
      'patrol.task',
      'maintain.task',
      'maintain.byScan',
      'experience',
    ],
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

/** Held by the server that builds or resumes a demo factory (a session lock: a server that dies lets go). */
const DEMO_LOCK = 4242003;

/**
 * Every start: menus and dictionary templates follow the code. First start only: the platform company with
 * the super administrator `root`, the default version, and a demo tenant company with its administrator `admin`.
 * Then every demo factory whose seed is not finished (this start's, or one a server left half-built when it
 * died) is built step by step (demo.ts); the timed jobs leave it alone until it is finished.
 */
export async function seed(
  db: Database,
  config: Pick<Config, 'seedAdminPassword' | 'databaseUrl'> & { demoHistory?: boolean },
): Promise<SeedResult> {
  const core = await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(4242002)');
    await syncMenus(tx);
    await syncItemTemplates(tx);
    const exists = await tx.query('select 1 from companies where is_platform limit 1');
    if (exists.rows.length) return { created: false, announcements: [], password: '' };

    const generated = !config.seedAdminPassword && !!config.databaseUrl;
    const password = config.seedAdminPassword || (generated ? generatedPassword() : DEFAULT_EMBEDDED_PASSWORD);
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
    await tx.query('insert into seed_progress(company_id) values ($1)', [demo.companyId]);
    const announcements = config.seedAdminPassword
      ? ['Seeded accounts root (operator) and admin (demo factory) with the password from SEED_ADMIN_PASSWORD.']
      : [
          `Seeded accounts root (operator) and admin (demo factory), password: ${password}`,
          generated
            ? 'This password is shown only once; change it after the first login.'
            : 'Set SEED_ADMIN_PASSWORD to choose another one.',
        ];
    return { created: true, announcements, password };
  });
  // A demo left unfinished by an earlier start has lost this start's password unless it is configured.
  const password =
    core.password || config.seedAdminPassword || (config.databaseUrl ? generatedPassword() : DEFAULT_EMBEDDED_PASSWORD);
  const demo = await finishDemos(db, { history: config.demoHistory !== false, password });
  return { created: core.created, announcements: [...core.announcements, ...demo] };
}

const generatedPassword = () => `${randomBytes(9).toString('base64url')}7a`;

const pendingDemos = async (db: Database) =>
  (
    await db.query<{ company_id: number; done_steps: string[] }>(
      'select company_id, done_steps from seed_progress where finished_at is null order by company_id',
    )
  ).rows;

/**
 * Builds the remaining steps of every unfinished demo factory, one server at a time; a server that waited finds
 * the work done. Each step is recorded as it ends, the seed as finished once all are.
 */
export async function finishDemos(db: Database, opts: DemoOptions): Promise<string[]> {
  if (!(await pendingDemos(db)).length) return [];
  return db.exclusive(DEMO_LOCK, async () => {
    const said: string[] = [];
    for (const demo of await pendingDemos(db)) {
      const tenantId = Number(demo.company_id);
      for (const step of DEMO_STEPS) {
        if (demo.done_steps.includes(step.name)) continue;
        const made =
          step.madeIn &&
          (await db.query(`select 1 from ${step.madeIn} where tenant_id = $1 limit 1`, [tenantId])).rows.length;
        if (!made) said.push(...((await step.fill(db, tenantId, opts)) ?? []));
        await db.query('update seed_progress set done_steps = array_append(done_steps, $2) where company_id = $1', [
          tenantId,
          step.name,
        ]);
      }
      await db.query('update seed_progress set finished_at = now() where company_id = $1', [tenantId]);
    }
    return said;
  });
}
