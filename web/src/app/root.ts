import { createRoot, type Root } from 'react-dom/client';
import { pushError } from '../platform/error-log';

/** A React root whose uncaught and caught render errors go to the error log. */
export const createAppRoot = (element: HTMLElement): Root =>
  createRoot(element, {
    onUncaughtError: (error, info) => pushError(error, info.componentStack ?? '', 'uncaught'),
    onCaughtError: (error, info) => pushError(error, info.componentStack ?? '', 'caught'),
  });
