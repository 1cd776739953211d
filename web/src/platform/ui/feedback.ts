import type { App } from 'antd';

/**
 * Bridge from non-React code (the HTTP client) to antd's context-aware message API. The app shell registers
 * the instances from App.useApp(); until then messages are queued.
 */
type Feedback = ReturnType<typeof App.useApp>;

let current: Feedback | null = null;
const queue: Array<(f: Feedback) => void> = [];

export function registerFeedback(f: Feedback | null): void {
  current = f;
  if (f) for (const run of queue.splice(0)) run(f);
}

export function withFeedback(run: (f: Feedback) => void): void {
  if (current) run(current);
  else queue.push(run);
}

export type ToastLevel = 'success' | 'error' | 'warning' | 'info';

/**
 * Error toasts stay 5 s (spec 9), others 3 s. The same message shown again while visible is not repeated
 * (several calls failing at once give one toast).
 */
export function toast(level: ToastLevel, content: string, seconds?: number): void {
  withFeedback((f) => {
    f.message.open({
      key: `${level}:${content}`,
      type: level,
      content,
      duration: seconds ?? (level === 'error' ? 5 : 3),
    });
  });
}
