import { lazy } from 'react';
import type { PageDef } from '../../app/page-types';

const CompanyMenusPage = lazy(() => import('./CompanyMenusPage'));
const BatchMenusPage = lazy(() => import('./BatchMenusPage'));
const UsageDetailPage = lazy(() => import('./UsageDetailPage'));

/** The operator's console (超管专用 /admin and 运营管理 /operatesys) and its static pages. */
export const pages: PageDef[] = [
  { path: '/admin/menu', component: lazy(() => import('./MenuAdminPage')) },
  { path: '/admin/company', component: lazy(() => import('./CompanyPage')) },
  { path: '/admin/timetask', component: lazy(() => import('./TimedTaskPage')) },
  { path: '/admin/companyAuthorize', component: lazy(() => import('./CompanyAuthorizePage')) },
  { path: '/company/index', component: CompanyMenusPage, openedFrom: ['/admin/company'], noCache: true },
  { path: '/company/batchSave', component: BatchMenusPage, openedFrom: ['/admin/company'] },
  { path: '/operatesys/usecase', component: lazy(() => import('./UsagePage')) },
  { path: '/operatesys/usecase_detail', component: UsageDetailPage },
  { path: '/usecaseDetail/index', component: UsageDetailPage, openedFrom: ['/operatesys/usecase'], noCache: true },
  { path: '/operatesys/notice', component: lazy(() => import('./NoticePage')) },
  { path: '/operatesys/picture', component: lazy(() => import('./PicturePage')) },
  { path: '/operatesys/version', component: lazy(() => import('./VersionPage')) },
  { path: '/operatesys/feedback', component: lazy(() => import('./FeedbackPage')) },
];
