import { lazy } from 'react';
import type { PageDef } from '../../app/page-types';

/** Integrations in the settings: API keys, webhooks; and each person's e-mail notices. */
export const pages: PageDef[] = [
  { path: '/setUp/apiKey', component: lazy(() => import('./ApiKeysPage')) },
  { path: '/setUp/webhook', component: lazy(() => import('./WebhooksPage')) },
  { path: '/emailNotices', component: lazy(() => import('./EmailNoticesPage')), titleKey: 'integrations:email.title' },
];
