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
 * Error toasts stay 5 s (spec 9), others 3 s. The same message shown again while visible is not repeated
 * (several calls failing at once give one toast).
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

function open(f: Feedback, level: ToastLevel, content: string, seconds?: number): void {
  f.message.open({
    key: `${level}:${content}`,
    type: level,
    content,
    duration: seconds ?? (level === 'error' ? 5 : 3),
  });
}
