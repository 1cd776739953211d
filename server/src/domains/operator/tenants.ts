import type { Queryable } from '../../db/index.js';
import { hashPassword } from '../../platform/auth/password.js';
import { businessError } from '../../platform/http/errors.js';
import { type Lang, t } from '../../platform/i18n/index.js';
import { dictionaryTemplate } from '../../seed/dictionary.js';

export interface NewTenant {
  name: string;
  code: string;
  expiryDate?: string | null;
  versionId?: number | null;
  isPlatform?: boolean;
  language?: Lang;
  contact?: string | null;
  phone?: string | null;
  admin: { username: string; password: string; peoplename: string; mustChangePassword: boolean };
}

/** Item templates as rows: kept in step with the seed so a new tenant gets the current dictionary. */
export async function syncItemTemplates(db: Queryable): Promise<void> {
  const groups = dictionaryTemplate.map((g, i) => ({ code: g.code, name: t('zh', `dictionary.${g.code}`), sort: i }));
  const items = dictionaryTemplate.flatMap((g) =>
    g.children.map((code, j) => ({ parent: g.code, code, name: t('zh', `dictionary.${g.code}.${code}`), sort: j })),
  );
  // Set-based and leaving unchanged rows alone: a start on an existing database writes nothing.
  await db.query(
    `insert into item_templates(parent_id, code, name, sort)
     select null, code, name, sort from jsonb_to_recordset($1::jsonb) as g(code text, name text, sort int)
     on conflict (coalesce(parent_id, 0), code) do update set name = excluded.name
     where item_templates.name is distinct from excluded.name`,
    [JSON.stringify(groups)],
  );
  await db.query(
    `insert into item_templates(parent_id, code, name, value, sort)
     select p.id, c.code, c.name, c.code, c.sort
       from jsonb_to_recordset($1::jsonb) as c(parent text, code text, name text, sort int)
       join item_templates p on p.parent_id is null and p.code = c.parent
     on conflict (coalesce(parent_id, 0), code) do update set name = excluded.name
     where item_templates.name is distinct from excluded.name`,
    [JSON.stringify(items)],
  );
}

/**
 * Creates a tenant company with its menus (from its version, or every tenant menu), a root
 * organisation, an administrator role and user, and its dictionary. Runs in the caller's transaction
 * with system rights (the operator's or the seed's).
 */
export async function createTenant(db: Queryable, input: NewTenant): Promise<{ companyId: number; adminId: number }> {
  const lang = input.language ?? 'zh';
  const dup = await db.query('select 1 from companies where code = $1', [input.code]);
  if (dup.rows.length) throw businessError('errors.companyCodeTaken', { code: input.code });
  const taken = await db.query('select 1 from users where lower(username) = lower($1)', [input.admin.username]);
  if (taken.rows.length) throw businessError('errors.usernameTaken', { username: input.admin.username });

  const c = await db.query<{ id: number }>(
    `insert into companies(name, code, expiry_date, version_id, is_platform, language, contact, phone)
     values ($1,$2,$3,$4,$5,$6,$7,$8) returning id`,
    [
      input.name,
      input.code,
      input.expiryDate ?? null,
      input.versionId ?? null,
      input.isPlatform ?? false,
      lang,
      input.contact ?? null,
      input.phone ?? null,
    ],
  );
  const tenantId = c.rows[0]!.id;
  if (input.isPlatform) {
    await db.query(
      'insert into company_menus(tenant_id, menu_id) select $1, id from menus where owner_tenant_id is null',
      [tenantId],
    );
  } else if (input.versionId) {
    await db.query(
      `insert into company_menus(tenant_id, menu_id) select $1, vm.menu_id from version_menus vm
        join menus m on m.id = vm.menu_id and not m.platform_only and m.owner_tenant_id is null
        where vm.version_id = $2`,
      [tenantId, input.versionId],
    );
  } else {
    await db.query(
      'insert into company_menus(tenant_id, menu_id) select $1, id from menus where not platform_only and owner_tenant_id is null',
      [tenantId],
    );
  }
  const org = await db.query<{ id: number }>(
    'insert into organizations(tenant_id, organization_name, organization_code) values ($1, $2, $3) returning id',
    [tenantId, input.name, input.code],
  );
  const role = await db.query<{ id: number }>(
    "insert into roles(tenant_id, name, code, is_admin) values ($1, $2, 'admin', true) returning id",
    [tenantId, t(lang, 'seed.adminRole')],
  );
  const user = await db.query<{ id: number }>(
    `insert into users(tenant_id, username, password_hash, must_change_password, peoplename, organization_id, usertype)
     values ($1,$2,$3,$4,$5,$6, 0) returning id`,
    [
      tenantId,
      input.admin.username,
      await hashPassword(input.admin.password),
      input.admin.mustChangePassword,
      input.admin.peoplename,
      org.rows[0]!.id,
    ],
  );
  await db.query('insert into user_roles(tenant_id, user_id, role_id) values ($1,$2,$3)', [
    tenantId,
    user.rows[0]!.id,
    role.rows[0]!.id,
  ]);
  await copyDictionary(db, tenantId, lang);
  return { companyId: tenantId, adminId: user.rows[0]!.id };
}

async function copyDictionary(db: Queryable, tenantId: number, lang: Lang): Promise<void> {
  const parents = await db.query<{ id: number; code: string; sort: number; name: string }>(
    'select id, code, sort, name from item_templates where parent_id is null order by sort, id',
  );
  for (const p of parents.rows) {
    // Seeded entries have translated names; entries the operator added keep the name given.
    const key = `dictionary.${p.code}`;
    const translated = t(lang, key);
    const np = await db.query<{ id: number }>(
      'insert into items(tenant_id, code, name, sort) values ($1,$2,$3,$4) returning id',
      [tenantId, p.code, translated === key ? p.name : translated, p.sort],
    );
    const children = await db.query<{ code: string; value: string | null; sort: number; name: string }>(
      'select code, value, sort, name from item_templates where parent_id = $1 order by sort, id',
      [p.id],
    );
    for (const ch of children.rows) {
      const key = `dictionary.${p.code}.${ch.code}`;
      const name = t(lang, key);
      await db.query('insert into items(tenant_id, parent_id, code, name, value, sort) values ($1,$2,$3,$4,$5,$6)', [
        tenantId,
        np.rows[0]!.id,
        ch.code,
        name === key ? ch.name : name,
        ch.value,
        ch.sort,
      ]);
    }
  }
}
