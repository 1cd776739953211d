import { type Envelope, getData, http } from '../../platform/http/client';

/** Calls of the operator's console (spec 7.2 menu editor, 7.3 company, sysversion, opsys, feedback). */

export interface Paged<T> {
  rows: T[];
  total: number;
}

async function paged<T>(path: string, params: Record<string, string | number | undefined>): Promise<Paged<T>> {
  const clean = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));
  const r = await http.get<Envelope<T[]>>(path, clean as Record<string, string | number>);
  return { rows: r.data ?? [], total: r.count ?? 0 };
}

export interface MenuButton {
  id: string;
  name: string;
  ext4: string;
}

export interface PlatformMenu {
  id: string;
  parentId: string | null;
  key: string | null;
  menuname: string;
  icon: string | null;
  url: string | null;
  sort: number;
  hidden: boolean;
  titles?: Partial<Record<'zh' | 'en' | 'tw', string>>;
  /** When it was last saved: an edit sends it back, and the server refuses it over someone else's later save. */
  updatedAt?: string;
  button: MenuButton[];
  children: PlatformMenu[];
}

export interface Company {
  id: number;
  name: string;
  code: string;
  expiryDate: string | null;
  versionId: number | null;
  versionName: string | null;
  state: number;
  isPlatform: boolean;
  contact: string | null;
  phone: string | null;
  language: string;
  timezone: string;
  accountOverdue: number;
  userCount?: number;
  menuCount?: number;
  adminUsername?: string | null;
  userLimit?: number | null;
  /** An MES company: its people's sessions carry isMes and register for MES messages after login. */
  isMes?: boolean;
  groupId?: number | null;
  groupName?: string | null;
  /** When it was last saved: an edit sends it back, and the server refuses it over someone else's later save. */
  updatedAt?: string | null;
}

export interface Version {
  id: number;
  name: string;
  isDefault: boolean;
  remark: string | null;
  companyCount: number;
  menuCount: number;
  /** When it was last saved: an edit sends it back, and the server refuses it over someone else's later save. */
  updatedAt?: string;
}

export interface Notice {
  id: number;
  title: string | null;
  content: string;
  state: number;
  createdAt: string;
  /** When it was last saved: an edit sends it back, and the server refuses it over someone else's later save. */
  updatedAt?: string;
  companyIds: number[] | null;
  companyNames: string[] | null;
}

// Menu editor (/admin/menu)
export const platformMenus = () => getData<PlatformMenu[]>('/api-user/sys/all');
export const saveMenu = (body: Partial<PlatformMenu>) =>
  http.post<Envelope<{ id?: string; updatedAt?: string } | null>>(
    body.id ? '/api-user/sys/update' : '/api-user/sys/save',
    body,
  );
export const deleteMenu = (id: string) => http.post<Envelope<null>>('/api-user/sys/del', { id });
export const saveButton = (body: { menuId: string; name: string; ext4: string }) =>
  http.post<Envelope<{ id: string }>>('/api-user/sys/saveButton', body);
export const deleteButton = (id: string) => http.post<Envelope<null>>('/api-user/sys/delButton', { id });

// Companies (/admin/company, /company/index, /company/batchSave, /admin/companyAuthorize)
export const companyPage = (q: { page: number; limit: number; name?: string; code?: string; state?: number }) =>
  paged<Company>('/api-user/company/getCompanyManage', q);
export const companyList = () => getData<Company[]>('/api-user/company/getCompanyList');
export const saveCompany = (body: Record<string, unknown>) =>
  http.post<Envelope<{ id: number } | null>>(body.id ? '/api-user/company/update' : '/api-user/company/save', body);
export const switchCompany = (id: number, state: number) =>
  http.post<Envelope<unknown>>('/api-user/company/switch', { id, state });
export const companyMenus = (companyId: number) =>
  getData<{ menuIds: string[]; menus: PlatformMenu[] }>('/api-user/company/findAllMenusByCompanyId', { companyId });
export const saveCompanyMenus = (companyId: number, menuIds: string[]) =>
  http.post<Envelope<{ menuCount: number }>>('/api-user/company/saveCompanyMenuid', { companyId, menuIds });
export const batchCompanyMenus = (give: boolean, companyIds: number[], menuIds: string[]) =>
  http.post<Envelope<null>>(
    give ? '/api-user/company/batchSaveCompanyMenuid' : '/api-user/company/batchRemoveCompanyMenuid',
    { companyIds, menuIds },
  );
export const addAssociation = (groupId: number, companyIds: number[]) =>
  http.post<Envelope<null>>('/api-user/company/addSysAssoce', { groupId, companyIds });
export const removeAssociation = (companyIds: number[]) =>
  http.post<Envelope<null>>('/api-user/company/delSysAssoce', { companyIds });

// Role templates (/admin/companyAuthorize): menu sets a company's new role may start from
export interface RoleTemplate {
  id: number;
  name: string;
  remark: string | null;
  menuCount: number;
  createdAt: string;
  /** When it was last saved: an edit sends it back, and the server refuses it over someone else's later save. */
  updatedAt?: string;
}
export const roleTemplatePage = (q: { page: number; limit: number; name?: string }) =>
  paged<RoleTemplate>('/api-user/roletemplate/all', q);
export const saveRoleTemplate = (body: { id?: number; name: string; remark?: string | null; updatedAt?: string }) =>
  body.id
    ? http.post<Envelope<null>>('/api-user/roletemplate/update', body)
    : http.post<Envelope<{ id: number }>>('/api-user/roletemplate/save', body);
export const deleteRoleTemplate = (id: number) => http.post<Envelope<null>>('/api-user/roletemplate/del', { id });
export const roleTemplateMenus = (roleId: number) =>
  getData<{ menuIds: string[]; menus: PlatformMenu[] }>('/api-user/roletemplate/getAllMenusByRoleId', { roleId });
export const saveRoleTemplateMenus = (roleId: number, menuIds: string[]) =>
  http.post<Envelope<null>>('/api-user/roletemplate/updateMenuToRole', { roleId, menuIds });

// Versions (/operatesys/version)
export const versionPage = (q: { page: number; limit: number; name?: string }) =>
  paged<Version>('/api-user/sysversion/getVersionPage', q);
export const saveVersion = (body: { id?: number; name: string; remark?: string | null; updatedAt?: string }) =>
  http.post<Envelope<{ id: number }>>('/api-user/sysversion/insertOrUpdateVersion', body);
export const deleteVersion = (id: number) => http.post<Envelope<null>>('/api-user/sysversion/delVersion', { id });
export const makeDefaultVersion = (id: number) =>
  http.post<Envelope<null>>('/api-user/sysversion/updateVersionDefault', { id });
export const versionMenus = (versionId: number) =>
  getData<{ menuIds: string[]; menus: PlatformMenu[] }>('/api-user/sysversion/findMenuByVersionId', { versionId });
export const saveVersionMenus = (versionId: number, menuIds: string[]) =>
  http.post<Envelope<null>>('/api-user/sysversion/saveVersionMenuid', { versionId, menuIds });
export const pushVersionMenus = (id: number) =>
  http.post<Envelope<{ companies: number }>>('/api-user/sysversion/updateVersionMenu', { id });
/** What moving companies to a version does to their menus, per company and in total. */
export interface MovePlan {
  versionId: number;
  companies: { companyId: number; name: string; fromVersionId: number | null; added: number; removed: number }[];
  added: number;
  removed: number;
}
export const previewMove = (versionId: number, companyIds: number[]) =>
  http.post<Envelope<MovePlan>>('/api-user/sysversion/previewMoveCompanies', { versionId, companyIds });
export const moveCompanies = (versionId: number, companyIds: number[]) =>
  http.post<Envelope<MovePlan>>('/api-user/sysversion/moveCompanies', { versionId, companyIds });

// Notices (/operatesys/notice)
export const noticePage = (q: { page: number; limit: number; title?: string }) =>
  paged<Notice>('/api-user/feedback/getSysNoticePage', q);
export const saveNotice = (body: {
  id?: number;
  title?: string | null;
  content: string;
  state?: number;
  companyIds?: number[] | null;
  updatedAt?: string;
}) => http.post<Envelope<{ id: number }>>('/api-user/feedback/addSysNotice', body);
export const deleteNotice = (id: number) => http.post<Envelope<null>>('/api-user/feedback/delSysNotice', { id });

// Timed tasks (/admin/timetask)
export interface TimedTask {
  kind: string;
  seconds: number;
  paused: boolean;
  lastStatus: string | null;
  lastStartedAt: string | null;
  lastFinishedAt: string | null;
  lastDurationMs: number | null;
  lastError: string | null;
  nextRunAt: string | null;
  failures: number;
  /** Why the last failed or partial run failed; a per-tenant run names its companies. */
  lastFailure: string | null;
  /** The companies for which the last run failed (a per-tenant run done with errors). */
  failedCompanies: { id: number; name: string; code: string }[];
}
export const timedTasks = () => getData<TimedTask[]>('/api-user/timetask/getTaskList');
export interface OneOffJob {
  id: number;
  kind: string;
  status: string;
  attempts: number;
  error: string | null;
  companyName: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
}
export const oneOffJobs = (q: { page: number; limit: number; status?: string }) =>
  paged<OneOffJob>('/api-user/timetask/getJobPage', q);
export const timedTaskAction = (kind: string, action: 'pause' | 'resume' | 'run') =>
  http.post<Envelope<null>>(`/api-user/timetask/${action}`, { kind });

// Usage (/operatesys/usecase, usecase_detail, /usecaseDetail/index)
export interface TenantUsage {
  id: number;
  name: string;
  code: string;
  state: number;
  expiryDate: string | null;
  versionName: string | null;
  userLimit: number | null;
  userCount: number;
  active7: number;
  active30: number;
  logins30: number;
  recordCount: number;
  storageBytes: number;
}
export interface TenantPerson {
  id: number;
  username: string;
  peoplename: string;
  state: number;
  lastLoginAt: string | null;
  logins30: number;
}
export interface LoginRow {
  userId: number;
  username: string;
  peoplename: string;
  createdAt: string;
  lastIp: string | null;
  userAgent: string | null;
}
export const tenantUsage = (q: { page: number; limit: number; name?: string }) =>
  paged<TenantUsage>('/api-user/opsys/getSysTenantPage', q);
export const tenantPeople = (q: { page: number; limit: number; companyId: number; name?: string }) =>
  paged<TenantPerson>('/api-user/opsys/getSysPeoTenantPage', q);
export const tenantLoginDays = (companyId: number, days: number) =>
  getData<{ day: string; logins: number; users: number }[]>('/api-user/opsys/getSysTenantLoginData', {
    companyId,
    days,
  });
export const tenantModules = (companyId: number) =>
  getData<{ entity: string; name: string; records: number }[]>('/api-user/opsys/getSysTenantstisPage', { companyId });
export const tenantLogins = (q: { page: number; limit: number; companyId: number; userId?: number }) =>
  paged<LoginRow>('/api-user/opsys/getSysTeUserPage', q);

export const sortMenus = (list: { id: string; sort: number }[]) =>
  http.post<Envelope<null>>('/api-user/sys/updateSort', { list });
export interface MenuInfo {
  titles: Partial<Record<'zh' | 'en' | 'tw', string>> | null;
  companyCount: number;
  roleCount: number;
  companies: string[];
}
export const menuInfo = (menuId: string) => getData<MenuInfo>('/api-user/sys/getMenuInfo', { menuId });

// Feedback (/operatesys/feedback and the user menu)
export interface Feedback {
  id: number;
  companyId: number;
  companyName: string;
  username: string;
  peoplename: string;
  content: string;
  hasScreenshot: boolean;
  state: number;
  answer: string | null;
  answeredAt: string | null;
  createdAt: string;
}
export const feedbackPage = (q: { page: number; limit: number; state?: number; content?: string }) =>
  paged<Feedback>('/api-user/feedback/getFeedBackPage', q);
export const answerFeedback = (id: number, answer: string) =>
  http.post<Envelope<unknown>>('/api-user/feedback/answerFeedBack', { id, answer });
export const closeFeedback = (id: number) => http.post<Envelope<unknown>>('/api-user/feedback/closeFeedBack', { id });
export const sendFeedback = (content: string, screenshot: number | null) =>
  http.post<Envelope<{ id: number }>>('/api-user/feedback/addFeedBack', { content, screenshot });
export const myFeedback = () =>
  paged<Pick<Feedback, 'id' | 'content' | 'state' | 'answer' | 'createdAt'>>('/api-user/feedback/getMyFeedBack', {
    page: 1,
    limit: 5,
  });
export const screenshotUrl = (id: number) => `/api-user/feedback/getFeedBackPicture?id=${id}`;

// Pictures (/operatesys/picture)
export interface SysPicture {
  id: number;
  kind: 'login' | 'banner';
  name: string | null;
  chosen: boolean;
  url: string;
  createdAt: string;
}
export const pictures = () => getData<SysPicture[]>('/api-user/opsys/getSysPictureData');
export const addPicture = (body: { kind: string; fileId: number; name?: string | null; chosen?: boolean }) =>
  http.post<Envelope<{ id: number }>>('/api-user/opsys/addSysPicture', body);
export const choosePicture = (id: number) => http.post<Envelope<null>>('/api-user/opsys/chooseSysPicture', { id });
export const deletePicture = (id: number) => http.post<Envelope<null>>('/api-file/files/delSysPicture', { id });
