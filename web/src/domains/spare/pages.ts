import { lazy } from 'react';
import type { PageDef } from '../../app/page-types';

const docs = () => import('./docs-pages');
const moves = () => import('./MovesPage');

/** Spare parts: catalogue, stock, documents (receipts, issues, transfers, approval), movements, levels, labels. */
export const pages: PageDef[] = [
  { path: '/spare/detailed', component: lazy(() => import('./PartsPage')) },
  { path: '/spare/stock', component: lazy(() => import('./StockPage')) },
  { path: '/spare/in', component: lazy(() => docs().then((m) => ({ default: m.InboundPage }))) },
  { path: '/spare/out', component: lazy(() => docs().then((m) => ({ default: m.OutPage }))) },
  { path: '/spare/allot', component: lazy(() => docs().then((m) => ({ default: m.AllotPage }))) },
  { path: '/spare/audit', component: lazy(() => docs().then((m) => ({ default: m.AuditPage }))) },
  { path: '/spare/meaning', component: lazy(() => import('./LevelsPage')) },
  { path: '/spare/inbound', component: lazy(() => moves().then((m) => ({ default: m.InboundRecordsPage }))) },
  { path: '/spare/outbound', component: lazy(() => moves().then((m) => ({ default: m.OutboundPage }))) },
  { path: '/spare/transfer', component: lazy(() => moves().then((m) => ({ default: m.TransferPage }))) },
  { path: '/spare/review', component: lazy(() => docs().then((m) => ({ default: m.ReviewPage }))) },
  {
    path: '/spare/labels',
    component: lazy(() => import('./LabelsPage')),
    titleKey: 'spare:labels.title',
    noCache: true,
    openedFrom: ['/spare/detailed'],
  },
];
