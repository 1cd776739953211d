import { type Envelope, getData, http } from '../../platform/http/client';

/** Calls and shapes of the tenant administration pages (spec 7.2 /api-user). */

export interface OrgNode {
  id: number;
  parentId: number | null;
  organizationName: string;
  organizationCode: string | null;
  phone: string | null;
  state: number;
  ext1: string | null;
  sort: number;
  /** When it was last saved: an edit sends it back, and the server refuses it over someone else's later save. */
  updatedAt?: string | null;
  children: OrgNode[];
}

export interface Member {
  id: number;
  peoplename: string;
  username: string;
  number: string | null;
  organizationid: number | null;
  organizationName: string | null;
  mobile: string | null;
  usertype: number;
  label: string | null;
  is_repairman: boolean;
  is_repair_leader: boolean;
  email: string | null;
  sex: number | null;
  pinyin: string | null;
  entry_date: string | null;
  birthday: string | null;
  landline: string | null;
  note: string | null;
  state: number;
  roleIds: number[];
  roleNames: string;
  /** When it was last saved: an edit sends it back, and the server refuses it over someone else's later save. */
  updatedAt?: string | null;
}

export const DATA_SCOPES = ['all', 'organization', 'workshop', 'workgroup', 'own'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];

export interface Role {
  id: number;
  name: string;
  code: string | null;
  remark: string | null;
  state: number;
  isAdmin: boolean;
  /** Which records its members see (server: platform/resources/data-scope.ts). */
  dataScope: DataScope;
  userCount: number;
  /** When it was last saved: an edit sends it back, and the server refuses it over someone else's later save. */
  updatedAt?: string | null;
}

export interface MenuNode {
  id: string;
  menuname: string;
  button: { id: string; name: string; ext4: string }[];
  children: MenuNode[];
}

export interface ItemNode {
  id: number;
  parentId: number | null;
  code: string;
  name: string;
  /** The name in each language; a language without one shows `name`. */
  names?: Partial<Record<'zh' | 'en' | 'tw', string>> | null;
  value: string | null;
  sort: number;
  remark: string | null;
  /** When it was last saved: an edit sends it back, and the server refuses it over someone else's later save. */
  updatedAt?: string;
  children?: ItemNode[];
}

export const orgTree = () => getData<OrgNode[]>('/api-user/organization/getListByTree');
export const saveOrg = (body: Partial<OrgNode>) =>
  http.post<Envelope<{ id: number } | null>>(
    body.id ? '/api-user/organization/update' : '/api-user/organization/insert',
    body,
  );
export const deleteOrg = (id: number) => http.post<Envelope<null>>('/api-user/organization/del', { id });
export const sortOrgs = (list: { id: number; sort: number; parentId?: number | null }[]) =>
  http.post<Envelope<null>>('/api-user/organization/updatesort', { list });

/** A node of an organisation template's tree (spec 7.2 orgtemplate). */
export interface TemplateNode {
  organizationName: string;
  phone?: string | null;
  ext1?: string | null;
  children?: TemplateNode[];
}

export interface OrgTemplate {
  id: number;
  name: string;
  remark: string | null;
  nodes: TemplateNode[];
}

export const orgTemplates = () => getData<OrgTemplate[]>('/api-user/orgtemplate/all');
export const saveOrgTemplate = (body: { name: string; remark?: string | null; fromOrganizationId: number }) =>
  http.post<Envelope<{ id: number }>>('/api-user/orgtemplate/save', body);
export const applyOrgTemplate = (id: number, parentId: number | null) =>
  http.post<Envelope<{ count: number }>>('/api-user/orgtemplate/apply', { id, parentId });
export const deleteOrgTemplate = (id: number) => http.post<Envelope<null>>('/api-user/orgtemplate/del', { id });

export const memberPage = (query: Record<string, string | number | undefined>) =>
  http.get<Envelope<Member[]>>('/api-user/users/all', query);
export const saveMember = (body: Record<string, unknown>) =>
  http.post<Envelope<unknown>>(body.id ? '/api-user/users/update' : '/api-user/users/save', body);
export const switchMember = (id: number, state: number) =>
  http.post<Envelope<unknown>>('/api-user/users/switch', { id, state });
export const deleteMember = (id: number) => http.post<Envelope<null>>('/api-user/users/del', { id });
export const deleteNotice = (id: number) =>
  getDataPost<
    { canDelete: boolean; reasons: string[]; roleNames: string; records: { title: string; count: number }[] }[]
  >('/api-user/users/delNotice', { id });
export const exportSheet = (url: string, params?: Record<string, string | number | undefined>) =>
  http.post<Envelope<{ id: number }>>(url, {}, { params });

export const roleList = () => getData<Role[]>('/api-user/role/all');
export const saveRole = (body: Partial<Role>) =>
  http.post<Envelope<unknown>>(body.id ? '/api-user/role/update' : '/api-user/role/save', body);
export const roleTemplates = () =>
  getData<{ id: number; name: string; remark: string | null; pages: number }[]>('/api-user/role/templates');
export const deleteRole = (id: number) => http.post<Envelope<null>>('/api-user/role/del', { id });
export const companyMenus = () => getData<MenuNode[]>('/api-user/sys/all');
export const roleGrants = (roleId: number) =>
  getData<{ menuIds: string[]; buttonIds: string[] }>('/api-user/sys/findAllMenusByRoleId', { roleId });
export const saveGrants = (roleId: number, menuIds: string[], buttonIds: string[]) =>
  http.post<Envelope<null>>('/api-user/sys/saveRoleAndMenuid', { roleId, menuIds, buttonIds });
export const roleHolders = (roleId: number) =>
  getData<{
    users: { id: number; peoplename: string; username: string; organizationName: string | null }[];
    organizations: { id: number; organizationName: string }[];
  }>('/api-user/users/getOrgAndUserByRole', { roleId });
export const assignRole = (roleId: number, userIds: number[], organizationIds: number[]) =>
  http.post<Envelope<null>>('/api-user/users/setRoleToOrgAndUser', { roleId, userIds, organizationIds });
export const unassignRole = (roleId: number, userIds: number[], organizationIds: number[]) =>
  http.post<Envelope<null>>('/api-user/users/deleleMemeberRole', { roleId, userIds, organizationIds });

/** Where a dictionary lives: the company's own (item) or the operator's template new companies copy (itemtemplate). */
export type ItemBase = '/api-user/item' | '/api-user/itemtemplate';
export const itemTree = (base: ItemBase = '/api-user/item') => getData<ItemNode[]>(`${base}/getItemTree`);
export const saveItem = (body: Partial<ItemNode>, base: ItemBase = '/api-user/item') =>
  http.post<Envelope<unknown>>(body.id ? `${base}/update` : `${base}/insert`, body);
export const deleteItem = (id: number, base: ItemBase = '/api-user/item') =>
  http.post<Envelope<null>>(`${base}/del`, { id });

async function getDataPost<T>(path: string, body: unknown): Promise<T> {
  return (await http.post<Envelope<T>>(path, body)).data;
}

/** Every node of a tree, depth first. */
export function flatten<T extends { children?: T[] }>(nodes: T[]): T[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}
