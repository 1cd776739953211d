import { lazy } from 'react';
import type { PageDef } from '../../app/page-types';

/** Energy (能源管理): meters, readings, tariffs, targets and charts; the phone reading page; the printouts. */
export const pages: PageDef[] = [
  { path: '/energy/list', component: lazy(() => import('./EnergyPage')) },
  {
    path: '/energy/read',
    component: lazy(() => import('./ReadingPage')),
    titleKey: 'energy:read.title',
    noCache: true,
    openedFrom: ['/energy/list'],
  },
  { path: '/printEnergy', component: lazy(() => import('./PrintEnergy')) },
];
