import { lazy } from 'react';
import type { PageDef } from '../../app/page-types';

/** Plant structure: workshops and their lines, warehouses and their locations. */
export const pages: PageDef[] = [
  { path: '/setUp/workshop', component: lazy(() => import('./WorkshopPage')) },
  { path: '/setUp/warehouse', component: lazy(() => import('./WarehousePage')) },
];
