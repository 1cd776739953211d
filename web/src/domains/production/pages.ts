import { lazy } from 'react';
import type { PageDef } from '../../app/page-types';

const master = () => import('./MasterPages');
const editor = lazy(() => import('./ProcessEditor'));

/** Production: master data, routings in the flow editor, work orders, plan tasks, reporting and its reports. */
export const pages: PageDef[] = [
  { path: '/production/material', component: lazy(() => master().then((m) => ({ default: m.MaterialPage }))) },
  { path: '/production/bom', component: lazy(() => master().then((m) => ({ default: m.BomPage }))) },
  { path: '/production/procedure', component: lazy(() => master().then((m) => ({ default: m.ProcedurePage }))) },
  { path: '/production/station', component: lazy(() => master().then((m) => ({ default: m.StationPage }))) },
  { path: '/production/routing', component: lazy(() => master().then((m) => ({ default: m.RoutingPage }))) },
  { path: '/production/planWork', component: lazy(() => import('./OrdersPage')) },
  { path: '/production/planTask', component: lazy(() => import('./TasksPage')) },
  { path: '/production/report', component: lazy(() => import('./ReportPhonePage')) },
  { path: '/production/reports', component: lazy(() => import('./ReportsPage')) },
  {
    path: '/speedProgress/speedProgressRecord',
    component: lazy(() => master().then((m) => ({ default: m.RecordsPage }))),
  },
  { path: '/setUp/production', component: lazy(() => import('./SetupPage')) },
  { path: '/process/index', component: editor },
  { path: '/process/java', component: editor },
];
