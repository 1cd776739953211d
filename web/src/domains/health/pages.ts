import { lazy } from 'react';
import type { PageDef } from '../../app/page-types';

/** Health registration: the office page and the public registration page of the tenant's poster. */
export const pages: PageDef[] = [
  { path: '/healthSurvey/index', component: lazy(() => import('./HealthSurveyPage')) },
  { path: '/survey/:token', component: lazy(() => import('./PublicSurveyPage')) },
];
