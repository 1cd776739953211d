import { lazy } from 'react';
import type { PageDef } from '../../app/page-types';

/** External maintenance (委外维修): the orders with their steps, and the vendors with contacts and contracts. */
export const pages: PageDef[] = [
  { path: '/repair_admin/external', component: lazy(() => import('./ExternalOrderPage')) },
  { path: '/repair_admin/vendor', component: lazy(() => import('./VendorPage')) },
];
