import { lazy } from 'react';
import type { PageDef } from '../../app/page-types';

const project = lazy(() => import('./ProjectPage'));
const scheme = lazy(() => import('./SchemePage'));
const plan = lazy(() => import('./PlanPage'));
const task = lazy(() => import('./TaskPage'));
const print = lazy(() => import('./PrintTask'));

/** Patrol (1), spot check (2) and maintenance (3): one set of pages, the kind taken from the menu group. */
export const pages: PageDef[] = [
  { path: '/check/spotcheck/:type', component: project },
  { path: '/check/spotcheckmethod/:type', component: scheme },
  { path: '/check/spotcheckPlan/:type', component: plan },
  { path: '/check/task/:type', component: task },
  { path: '/check/checktaskStatistic/:type', component: lazy(() => import('./StatisticPage')) },
  { path: '/patrol/project/:type', component: project },
  { path: '/patrol/programme/:type', component: scheme },
  { path: '/patrol/plan', component: plan },
  { path: '/patrol/task/:type', component: task },
  { path: '/maintain/project/:type', component: project },
  { path: '/maintain/programme/:type', component: scheme },
  { path: '/maintain/plan/:type', component: plan },
  { path: '/maintain/task/:type', component: task },
  { path: '/maintain/byScan', component: lazy(() => import('./ByScanPage')) },
  { path: '/preview/index', component: lazy(() => import('./PreviewPage')) },
  { path: '/checktemplate', component: print },
  { path: '/inspecttemplate', component: print },
  { path: '/bytemplate', component: print },
];
