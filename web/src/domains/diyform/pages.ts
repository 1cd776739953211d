import { createElement, lazy } from 'react';
import type { PageDef } from '../../app/page-types';
import { GENERIC_FORM_PATH } from '../../app/static-routes';
import { MODE_PATHS, type ProjectMode } from './project-api';

/** The one project page, in the mode of its path. */
const project = (mode: ProjectMode) =>
  lazy(async () => {
    const m = await import('./ProjectPage');
    return { default: () => createElement(m.default, { mode }) };
  });

/**
 * Custom forms: their design (/setUp/diyform), the generic form page that menu leaves with a query show, and the
 * projects over project forms (/project/index, a project form's own menu /project/index/<code>, and the one project
 * page in five modes).
 */
export const pages: PageDef[] = [
  { path: '/setUp/diyform', component: lazy(() => import('./DiyFormPage')) },
  { path: GENERIC_FORM_PATH, component: lazy(() => import('./ShowFormPage')) },
  { path: '/project/index', component: lazy(() => import('./ProjectListPage')) },
  // A project form published as a menu: a fromproject leaf /project/index/<code> (its query is the form code).
  { path: '/project/index/:code', component: lazy(() => import('./ProjectListPage')) },
  ...(Object.keys(MODE_PATHS) as ProjectMode[]).map((mode) => ({ path: MODE_PATHS[mode], component: project(mode) })),
];
