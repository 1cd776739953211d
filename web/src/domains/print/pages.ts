import { lazy } from 'react';
import type { PageDef } from '../../app/page-types';

/** Print and label templates: the designer page (spec 2.5 /labelmodel/index 标签模板). */
export const pages: PageDef[] = [{ path: '/labelmodel/index', component: lazy(() => import('./LabelModelPage')) }];
