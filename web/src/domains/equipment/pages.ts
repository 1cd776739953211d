import { lazy } from 'react';
import type { PageDef } from '../../app/page-types';
import { LEDGER_PATH } from './route-type';

const ledger = lazy(() => import('./LedgerPage'));
const categories = lazy(() => import('./CategoryPage'));

/** Equipment and moulds: ledgers, categories, allotments, mould records, scrap, record card and QR labels. */
export const pages: PageDef[] = [
  { path: '/equipment/ledger/:type', component: ledger },
  { path: '/eqmold/eqmoldlist/:type', component: ledger },
  { path: '/equipment/machine/:type', component: categories },
  { path: '/eqmold/eqcategory/:type', component: categories },
  { path: '/equipment/allot', component: lazy(() => import('./AllotPage')) },
  { path: '/eqmold/moldRecords', component: lazy(() => import('./MouldRecordsPage')) },
  { path: '/eqmold/scrap', component: lazy(() => import('./ScrapPage')) },
  {
    path: '/equipment/ledger/detail/:id',
    component: lazy(() => import('./LedgerDetail')),
    titleKey: 'equipment:detail.title',
    noCache: true,
    openedFrom: [LEDGER_PATH],
  },
  { path: '/detailed/index', component: lazy(() => import('./LedgerDetail')), noCache: true },
  { path: '/equipment/pictures', component: lazy(() => import('./PicturesPage')) },
  { path: '/maintain/eqptmt', component: lazy(() => import('./PartMaintenancePage')) },
  { path: '/maintain/maintainres', component: lazy(() => import('./MaintenanceResourcesPage')) },
  { path: '/design/scan', component: lazy(() => import('./DesignScanPage')) },
  { path: '/printQRcode', component: lazy(() => import('./PrintQRCode')) },
  {
    path: '/equipment/inventory',
    component: lazy(() => import('./InventoryPage')),
    titleKey: 'equipment:count.title',
    openedFrom: [LEDGER_PATH],
  },
];
