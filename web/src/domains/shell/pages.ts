import { lazy } from 'react';
import type { PageDef } from '../../app/page-types';

/** The shell's own pages: standalone login and error pages, dashboard, workboard, messages, company info, profile, access guide, product home, downloads page. */
export const pages: PageDef[] = [
  { path: '/login', component: lazy(() => import('./LoginPage')) },
  { path: '/404', component: lazy(() => import('./NotFoundPage')) },
  { path: '/401', component: lazy(() => import('./UnauthorizedPage')) },
  { path: '/dashboard', component: lazy(() => import('./DashboardPage')) },
  { path: '/workboard', component: lazy(() => import('./WorkboardPage')) },
  { path: '/mes/message', component: lazy(() => import('./MessagesPage')) },
  { path: '/info/index', component: lazy(() => import('./CompanyInfoPage')) },
  { path: '/userInfo', component: lazy(() => import('./UserInfoPage')) },
  { path: '/per', component: lazy(() => import('./PermissionsGuidePage')) },
  { path: '/aklHome', component: lazy(() => import('./ProductHomePage')) },
  { path: '/addDownload', component: lazy(() => import('./DownloadsPage')) },
];
