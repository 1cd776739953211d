import { t } from '../../platform/i18n/index.js';
import type { WireRow } from '../../platform/resources/types.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { saveOwnMenu, updateOwnMenu } from '../menu/tenant-menus.js';

/** The url of a form's menu leaf; its query is the form code, so the leaf's path is /showform/<code> (spec 2.6). */
export const FORM_MENU_URL = '/showform';

/**
 * The url of a project form's menu leaf (spec 2.6, a leaf that belongs to a project): marked fromproject, its query
 * is the form code, so the leaf's path is /project/index/<code>, the projects of that form.
 */
export const PROJECT_MENU_URL = '/project/index';

/**
 * The buttons of a project form's page: the project codes of /project/index (project:<action>), so a role given
 * the form's menu may work on projects as the project page's buttons allow.
 */
export const PROJECT_ACTIONS = ['view', 'add', 'edit', 'delete', 'execute', 'audit', 'export'] as const;

/** The menu url of a form by its kind: a project form's projects, or an ordinary form's records. */
export const formMenuUrl = (form: { project?: unknown }): string =>
  form.project === true ? PROJECT_MENU_URL : FORM_MENU_URL;

/** The buttons of a form's page; each is the permission code diyform:<code>:<action>. */
export const FORM_ACTIONS = ['view', 'add', 'edit', 'delete', 'import', 'export'] as const;
export type FormAction = (typeof FORM_ACTIONS)[number];

/** The runtime entity of a form's records (also the `entity` of its fields in custom_fields). */
export const formEntityName = (code: string): string => `form/${code}`;

export const formPermission = (code: string, action: FormAction): string => `diyform:${code}:${action}`;

/** A form's name in the three languages (en and tw fall back to the zh name). */
export const formTitles = (form: { name?: unknown; nameEn?: unknown; nameTw?: unknown }) => ({
  zh: String(form.name),
  en: String(form.nameEn || form.name),
  tw: String(form.nameTw || form.name),
});

/** Puts the form's page into the company's menu under a group; returns the menu id. */
export async function publishForm(tx: TenantTx, form: WireRow, parentId: string): Promise<string> {
  const titles = formTitles(form);
  const code = String(form.code);
  const project = form.project === true;
  return saveOwnMenu(tx, {
    parentId,
    menuname: titles.zh,
    titles: { en: titles.en, tw: titles.tw },
    url: formMenuUrl(form),
    query: code,
    hidden: Number(form.state) !== 1,
    fromproject: project,
    buttons: project
      ? PROJECT_ACTIONS.map((a) => ({ name: t('zh', `button.${a}`), ext4: `project:${a}` }))
      : FORM_ACTIONS.map((a) => ({ name: t('zh', `button.${a}`), ext4: formPermission(code, a) })),
  });
}

/** Keeps the form's menu leaf (if published) in step with its name and state. */
export async function syncFormMenu(tx: TenantTx, form: WireRow): Promise<void> {
  const titles = formTitles(form);
  await updateOwnMenu(tx, formMenuUrl(form), String(form.code), {
    menuname: titles.zh,
    titles: { en: titles.en, tw: titles.tw },
    hidden: Number(form.state) !== 1,
  });
}
