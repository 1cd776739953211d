import type { RouteRecord } from './route-types';

/** Reachable without a session (spec 2.1). */
export const PUBLIC_PATHS: readonly string[] = [
  '/login',
  '/auth-redirect',
  '/register',
  '/per',
  '/aklHome',
  '/userInfo',
  '/kbList',
  '/details',
];

/**
 * Public pages with a parameter: the breakdown report of a machine's QR label (/report/<token>), the health
 * registration of the tenant's poster (/survey/<token>), the check of a qualification certificate (/cert/<token>).
 */
const PUBLIC_PREFIXES: readonly string[] = ['/report/', '/survey/', '/cert/'];

export const isPublicPath = (pathname: string): boolean => {
  const path = normalizePath(pathname);
  return PUBLIC_PATHS.includes(path) || PUBLIC_PREFIXES.some((p) => path.startsWith(p) && path.length > p.length);
};

export const normalizePath = (pathname: string): string =>
  pathname.length > 1 && pathname.endsWith('/') ? pathname.replace(/\/+$/, '') : pathname;

export const HOME_PATH = '/dashboard';
export const LOGIN_PATH = '/login';
export const NOT_FOUND_PATH = '/404';
export const REDIRECT_PREFIX = '/redirect';
/** The registered page used for menus shown by the generic form page. */
export const GENERIC_FORM_PATH = '/showform/index';

/** Standalone pages outside the layout (spec 2.5), with their title keys. */
export const STANDALONE_PAGES: ReadonlyArray<{ path: string; titleKey: string }> = [
  { path: '/login', titleKey: 'routes:login' },
  { path: '/auth-redirect', titleKey: 'routes:authRedirect' },
  { path: '/404', titleKey: 'routes:notFound' },
  { path: '/401', titleKey: 'routes:unauthorized' },
  { path: '/addDownload', titleKey: 'routes:addDownload' },
  { path: '/register', titleKey: 'routes:register' },
  { path: '/per', titleKey: 'routes:per' },
  { path: '/aklHome', titleKey: 'routes:aklHome' },
  { path: '/kbList', titleKey: 'routes:kbList' },
  { path: '/details', titleKey: 'routes:details' },
  { path: '/userInfo', titleKey: 'routes:userInfo' },
  { path: '/printQRcode', titleKey: 'routes:printQRcode' },
  { path: '/printEnergy', titleKey: 'routes:printEnergy' },
  { path: '/repairtemplate', titleKey: 'routes:repairTemplate' },
  { path: '/checktemplate', titleKey: 'routes:checkTemplate' },
  { path: '/bytemplate', titleKey: 'routes:byTemplate' },
  { path: '/inspecttemplate', titleKey: 'routes:inspectTemplate' },
  { path: '/report/:token', titleKey: 'routes:publicReport' },
  { path: '/survey/:token', titleKey: 'routes:publicSurvey' },
  { path: '/cert/:token', titleKey: 'routes:publicCertificate' },
];

const page = (
  path: string,
  titleKey: string,
  extra: Partial<RouteRecord> & { icon?: string; affix?: boolean } = {},
): RouteRecord => {
  const { icon, affix, ...rest } = extra;
  return { path, view: 'page', hidden: true, meta: { title: '', titleKey, icon, affix }, ...rest };
};

/** Static routes under the layout (spec 2.5). The layout root redirects to /dashboard. */
export const LAYOUT_ROUTES: RouteRecord[] = [
  page(HOME_PATH, 'routes:dashboard', { hidden: false, icon: 'HomeOutlined', affix: true }),
  page('/workboard', 'routes:workboard'),
  page('/group', 'routes:group'),
  page('/plateDataMining', 'routes:plateDataMining'),
  page('/mes/message', 'routes:message'),
  page('/info/index', 'routes:info'),
  page('/emailNotices', 'integrations:email.title'),
  page('/preview/index', 'routes:preview'),
  page('/speedProgress/speedProgressRecord', 'routes:speedProgressRecord'),
  page('/project/projectSaveAdd', 'routes:projectSaveAdd'),
  page('/project/projectSaveEdit', 'routes:projectSaveEdit'),
  page('/project/projectSaveLook', 'routes:projectSaveLook'),
  page('/project/projectSavePerform', 'routes:projectSavePerform'),
  page('/project/projectSaveAudit', 'routes:projectSaveAudit'),
  page('/company/index', 'routes:companyAuthority'),
  page('/company/batchSave', 'routes:companyAuthority'),
  page(GENERIC_FORM_PATH, 'routes:showform'),
  page('/labelmodel/index', 'routes:labelmodel'),
  page('/process/index', 'routes:process'),
  page('/process/java', 'routes:process'),
  page('/detailed/index', 'routes:detailed'),
  page('/experInfo/index', 'routes:experInfo'),
  page('/usecaseDetail/index', 'routes:usecaseDetail'),
];
