import { createStore } from './store';

/** An unhandled UI error (spec 3.1 error-log entry, spec 8). */
export interface ErrorLogEntry {
  error: string;
  component: string;
  info: string;
  url: string;
  at: number;
}

const MAX_ENTRIES = 100;

export const errorLog = createStore<ErrorLogEntry[]>([]);

export function pushError(error: unknown, component = '', info = ''): void {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const url = typeof location === 'undefined' ? '' : location.href;
  errorLog.set((list) => [...list.slice(-(MAX_ENTRIES - 1)), { error: text, component, info, url, at: Date.now() }]);
}

/** Collects errors nobody handled: window errors and rejected promises. */
export function watchUnhandledErrors(): void {
  window.addEventListener('error', (e) => pushError(e.error ?? e.message, '', 'window.onerror'));
  window.addEventListener('unhandledrejection', (e) => pushError(e.reason, '', 'unhandledrejection'));
}
