import { lazy } from 'react';
import type { PageDef } from '../../app/page-types';

/** Maintenance qualifications: the certificates page and the public page their QR codes open. */
export const pages: PageDef[] = [
  { path: '/maintain/qualification', component: lazy(() => import('./QualificationPage')) },
  { path: '/cert/:token', component: lazy(() => import('./PublicCertificatePage')) },
];
