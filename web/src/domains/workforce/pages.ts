import { lazy } from 'react';
import type { PageDef } from '../../app/page-types';

/** System settings: work groups, scheduling, equipment shifts, message types, app versions, approval flows. */
export const pages: PageDef[] = [
  { path: '/setUp/team', component: lazy(() => import('./TeamPage')) },
  { path: '/setUp/scheduling', component: lazy(() => import('./SchedulingPage')) },
  { path: '/setUp/schedulingEquipment', component: lazy(() => import('./EquipmentShiftPage')) },
  { path: '/setUp/message', component: lazy(() => import('./MessageTypePage')) },
  { path: '/setUp/appversion', component: lazy(() => import('./AppVersionPage')) },
  { path: '/setUp/process', component: lazy(() => import('./ApprovalFlowPage')) },
];
