import type { Queryable } from '../../db/index.js';
import { hashPassword } from '../../platform/auth/password.js';
import { businessError } from '../../platform/http/errors.js';
import { type Lang, languages, t } from '../../platform/i18n/index.js';
import { dictionaryTemplate } from '../../seed/dictionary.js';

/** A dictionary entry's names by language (items.names, item_templates.names). */
type Names = Partial<Record<Lang, string>>;

export interface NewTenant {
  name: string;
  code: string;
  expiryDate?: string | null;
  versionId?: number | null;
  isPlatform?: boolean;
  language?: Lang;
  contact?: string | null;
  phone?: string | null;
  address?: string | null;
  /** An IANA time zone (checked by the caller); the column's default when absent. */
  timezone?: string;
  admin: { username: string; password: string; peoplename: string; mustChangePassword: boolean };
}

/** The names of a built-in dictionary entry in every language, from locales/<lang>/dictionary.json. */
function builtInNames(key: string): Record<Lang, string> {
  return Object.fromEntries(languages.map((l) => [l, t(l, `dictionary.${key}`)])) as Record<Lang, string>;
}

/** Item templates as rows: kept in step with the seed so a new tenant gets the current dictionary. */
export async function syncItemTemplates(db: Queryable): Promise<void> {
  const groups = dictionaryTemplate.map((g, i) => {
    const names = builtInNames(g.code);
    return { code: g.code, name: names.zh, names, sort: i };
  });
  const items = dictionaryTemplate.flatMap((g) =>
    g.children.map((code, j) => {
      const names = builtInNames(`${g.code}.${code}`);
      return { parent: g.code, code, name: names.zh, names, sort: j };
    }),
  );
  // Set-based and leaving unchanged rows alone: a start on an existing database writes nothing.
  await db.query(
    `insert into item_templates(parent_id, code, name, names, sort)
     select null, code, name, names, sort from jsonb_to_recordset($1::jsonb) as g(code text, name text, names jsonb, sort int)
     on conflict (coalesce(parent_id, 0), code) do update set name = excluded.name, names = excluded.names
     where (item_templates.name, item_templates.names) is distinct from (excluded.name, excluded.names)`,
    [JSON.stringify(groups)],
  );
  await db.query(
    `insert into item_templates(parent_id, code, name, names, value, sort)
     select p.id, c.code, c.name, c.names, c.code, c.sort
       from jsonb_to_recordset($1::jsonb) as c(parent text, code text, name text, names jsonb, sort int)
       join item_templates p on p.parent_id is null and p.code = c.parent
     on conflict (coalesce(parent_id, 0), code) do update set name = excluded.name, names = excluded.names
     where (item_templates.name, item_templates.names) is distinct from (excluded.name, excluded.names)`,
    [JSON.stringify(items)],
  );
  // Tenants made before entries had names in every language: their unchanged copies of the built-in
  // entries (still named as one of the languages) get the translations, once.
  await db.query(
    `update items i set names = tp.names
       from item_templates tp
      where i.names is null and i.parent_id is null and tp.parent_id is null and tp.code = i.code
        and tp.names is not null and i.name in (select value from jsonb_each_text(tp.names))`,
  );
  await db.query(
    `update items i set names = tc.names
       from items p, item_templates tp, item_templates tc
      where i.names is null and p.tenant_id = i.tenant_id and p.id = i.parent_id and p.parent_id is null
        and tp.parent_id is null and tp.code = p.code and tc.parent_id = tp.id and tc.code = i.code
        and tc.names is not null and i.name in (select value from jsonb_each_text(tc.names))`,
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
    `insert into companies(name, code, expiry_date, version_id, is_platform, language, contact, phone, address)
     values ($1,$2,$3,$4,$5,$6,$7,$8,$9) returning id`,
    [
      input.name,
      input.code,
      input.expiryDate ?? null,
      input.versionId ?? null,
      input.isPlatform ?? false,
      lang,
      input.contact ?? null,
      input.phone ?? null,
      input.address ?? null,
    ],
  );
  const tenantId = c.rows[0]!.id;
  if (input.timezone) await db.query('update companies set timezone = $2 where id = $1', [tenantId, input.timezone]);
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

/** The tenant's dictionary from the templates: named in its language, with the names in every language. */
async function copyDictionary(db: Queryable, tenantId: number, lang: Lang): Promise<void> {
  type Template = { id: number; code: string; value: string | null; sort: number; name: string; names: Names | null };
  const nameIn = (row: Template) => row.names?.[lang] || row.name;
  const json = (names: Names | null) => (names ? JSON.stringify(names) : null);
  const parents = await db.query<Template>(
    'select id, code, value, sort, name, names from item_templates where parent_id is null order by sort, id',
  );
  for (const p of parents.rows) {
    const np = await db.query<{ id: number }>(
      'insert into items(tenant_id, code, name, names, sort) values ($1,$2,$3,$4::jsonb,$5) returning id',
      [tenantId, p.code, nameIn(p), json(p.names), p.sort],
    );
    const children = await db.query<Template>(
      'select id, code, value, sort, name, names from item_templates where parent_id = $1 order by sort, id',
      [p.id],
    );
    for (const ch of children.rows) {
      await db.query(
        'insert into items(tenant_id, parent_id, code, name, names, value, sort) values ($1,$2,$3,$4,$5::jsonb,$6,$7)',
        [tenantId, np.rows[0]!.id, ch.code, nameIn(ch), json(ch.names), ch.value, ch.sort],
      );
    }
  }
}
