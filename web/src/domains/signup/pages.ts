import { lazy } from 'react';
import type { PageDef } from '../../app/page-types';

/** Public sign-up pages: company registration or joining by invite code, and the hand-over login. */
export const pages: PageDef[] = [
  { path: '/register', component: lazy(() => import('./RegisterPage')) },
  { path: '/auth-redirect', component: lazy(() => import('./AuthRedirectPage')) },
];
