import { lazy } from 'react';
import type { PageDef } from '../../app/page-types';

const ledger = lazy(() => import('./LedgerPage'));
const categories = lazy(() => import('./CategoryPage'));

/** Equipment and moulds: ledgers and categories, rendered by the generic resource pages. */
export const pages: PageDef[] = [
  { path: '/equipment/ledger/:type', component: ledger },
  { path: '/eqmold/eqmoldlist/:type', component: ledger },
  { path: '/equipment/machine/:type', component: categories },
  { path: '/eqmold/eqcategory/:type', component: categories },
];
