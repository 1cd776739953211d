import { lazy } from 'react';
import type { PageDef } from '../../app/page-types';

/** Plant structure: workshops and their lines. */
export const pages: PageDef[] = [{ path: '/setUp/workshop', component: lazy(() => import('./WorkshopPage')) }];
