import { createElement, lazy } from 'react';
import type { PageDef } from '../../app/page-types';

/** System settings: work groups, scheduling, shifts, equipment shifts, message types, app versions, approval flows. */
export const pages: PageDef[] = [
  { path: '/setUp/team', component: lazy(() => import('./TeamPage')) },
  { path: '/setUp/scheduling', component: lazy(() => import('./SchedulingPage')) },
  {
    path: '/setUp/shifts',
    component: lazy(async () => {
      const m = await import('../../resources/ResourceListPage');
      return { default: () => createElement(m.ResourceListPage, { entity: 'shift' }) };
    }),
  },
  { path: '/setUp/schedulingEquipment', component: lazy(() => import('./EquipmentShiftPage')) },
  { path: '/setUp/message', component: lazy(() => import('./MessageTypePage')) },
  { path: '/setUp/appversion', component: lazy(() => import('./AppVersionPage')) },
  { path: '/setUp/process', component: lazy(() => import('./ApprovalFlowPage')) },
];
