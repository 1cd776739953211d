import { lazy } from 'react';
import type { PageDef } from '../../app/page-types';
import { GENERIC_FORM_PATH } from '../../app/static-routes';

/** Custom forms: their design (/setUp/diyform) and the generic form page that menu leaves with a query show. */
export const pages: PageDef[] = [
  { path: '/setUp/diyform', component: lazy(() => import('./DiyFormPage')) },
  { path: GENERIC_FORM_PATH, component: lazy(() => import('./ShowFormPage')) },
];
