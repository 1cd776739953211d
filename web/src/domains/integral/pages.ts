import { createElement, lazy } from 'react';
import type { PageDef } from '../../app/page-types';

const list = (entity: string) =>
  lazy(async () => {
    const m = await import('../../resources/ResourceListPage');
    return { default: () => createElement(m.ResourceListPage, { entity }) };
  });

/** Points: models with their rules, sets per work group and period, the ledger and the monthly ranking. */
export const pages: PageDef[] = [
  { path: '/integral/model', component: list('integralmodel') },
  { path: '/integral/set', component: list('integralset') },
  { path: '/integral/ledger', component: lazy(() => import('./LedgerPage')) },
];
