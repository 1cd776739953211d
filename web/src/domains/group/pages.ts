import { lazy } from 'react';
import type { PageDef } from '../../app/page-types';

/** 集团 (the static route /group, spec 2.5): a group company's view of its member companies. */
export const pages: PageDef[] = [{ path: '/group', component: lazy(() => import('./GroupPage')) }];
