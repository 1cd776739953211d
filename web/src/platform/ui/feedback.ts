import type { App } from 'antd';

/**
 * Bridge from non-React code (the HTTP client) to antd's context-aware message API. The app's providers
 * register the instances from App.useApp(); while none are mounted (the login page and the session check
 * render without antd) antd's static API is loaded on first use and shows the message.
 */
export type Feedback = ReturnType<typeof App.useApp>;

let current: Feedback | null = null;

export function registerFeedback(f: Feedback | null): void {
  current = f;
}

export function withFeedback(run: (f: Feedback) => void): void {
  if (current) run(current);
  else
    void import('./static-feedback').then(({ staticFeedback }) => {
      run(current ?? staticFeedback);
    });
}

export type ToastLevel = 'success' | 'error' | 'warning' | 'info';

/**
 * Error toasts stay 5 s (spec 9), others 3 s. The same message asked for again within a second is not repeated
 * (several calls failing at once give one toast); later it is a toast of its own. Reusing the first one's key
 * instead let a confirmation vanish: antd takes a key that comes back while its toast is leaving as the
 * leaving one, so the second of two saves 2.8 s apart showed nothing.
 */
export function toast(level: ToastLevel, content: string, seconds?: number): void {
  withFeedback((f) => open(f, level, content, seconds));
}

/**
 * A toast that stays while the page changes to one without the app's providers (the login page after a
 * logout): the providers' message holder would take it away as it unmounts, so it goes through antd's static API.
 */
export function toastAcrossLogout(level: ToastLevel, content: string, seconds?: number): void {
  void import('./static-feedback').then(({ staticFeedback }) => open(staticFeedback, level, content, seconds));
}

const BURST_MS = 1000;
const lastShown = new Map<string, number>();
let serial = 0;

function open(f: Feedback, level: ToastLevel, content: string, seconds?: number, now = Date.now()): void {
  const text = `${level}:${content}`;
  const last = lastShown.get(text);
  if (last !== undefined && now - last < BURST_MS) return;
  lastShown.set(text, now);
  if (lastShown.size > 50) lastShown.delete(lastShown.keys().next().value as string);
  serial += 1;
  f.message.open({
    key: `${text}#${serial}`,
    type: level,
    content,
    duration: seconds ?? (level === 'error' ? 5 : 3),
  });
}

/** For tests: `open` with a given clock. */
export const openToastForTest = open;
