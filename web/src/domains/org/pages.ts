import { lazy } from 'react';
import type { PageDef } from '../../app/page-types';

/** Tenant administration of /setUp: organisation and members, roles, dictionary, custom fields. */
export const pages: PageDef[] = [
  { path: '/setUp/organize', component: lazy(() => import('./OrganizePage')) },
  { path: '/setUp/role', component: lazy(() => import('./RolePage')) },
  { path: '/setUp/dictionary', component: lazy(() => import('./DictionaryPage')) },
  { path: '/setUp/field', component: lazy(() => import('./FieldPage')) },
];
