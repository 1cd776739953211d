/**
 * The error catalogue (spec 8) as a pure function: given a finished call, what the client does with it.
 * Message keys belong to the errors namespace; `text` is shown as given (a server message).
 */
export interface Toast {
  level: 'error' | 'warning';
  text?: string;
  key?: string;
  /** Seconds the toast stays; error toasts stay 5 s (spec 9). */
  duration: number;
}

export type Outcome = { kind: 'ok' } | { kind: 'reject'; toast?: Toast; reason: RejectReason; logout?: boolean };

export type RejectReason = 'business' | 'silent' | 'login' | 'forbidden' | 'unauthorized' | 'failure';

export const ERROR_TOAST_SECONDS = 5;
/** Business code that is ignored without a message. */
export const SILENT_CODE = 11211;

export interface CallResult {
  /** HTTP status; 0 when the request never got an answer (network failure, abort, timeout). */
  status: number;
  body: unknown;
  /** The call is the login call (POST /sys/login). */
  isLogin: boolean;
  /** Message of a thrown network error, if any. */
  errorMessage?: string;
}

const field = (body: unknown, name: string): unknown =>
  body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);

export function mapCall({ status, body, isLogin, errorMessage }: CallResult): Outcome {
  const ok = status >= 200 && status < 300;
  if (ok) {
    const code = field(body, 'rtnCode') ?? field(body, 'code');
    if (code === SILENT_CODE || code === String(SILENT_CODE)) return { kind: 'reject', reason: 'silent' };
    if (code === 201 || code === '201') {
      return {
        kind: 'reject',
        reason: 'business',
        toast: { level: 'error', text: text(field(body, 'msg')), key: 'requestFailed', duration: ERROR_TOAST_SECONDS },
      };
    }
    return { kind: 'ok' };
  }
  const description = text(field(body, 'error_description'));
  if (isLogin) {
    if (status === 401) {
      return {
        kind: 'reject',
        reason: 'login',
        toast: { level: 'warning', text: description, key: 'loginFailed', duration: 3 },
      };
    }
    return { kind: 'reject', reason: 'login', toast: { level: 'warning', key: 'loginFailed', duration: 3 } };
  }
  if (status === 403) {
    return {
      kind: 'reject',
      reason: 'forbidden',
      toast: { level: 'warning', text: description ?? text(field(body, 'msg')), key: 'forbidden', duration: 3 },
    };
  }
  if (status === 401) {
    return {
      kind: 'reject',
      reason: 'unauthorized',
      logout: true,
      toast: { level: 'error', key: 'loginAgain', duration: ERROR_TOAST_SECONDS },
    };
  }
  return {
    kind: 'reject',
    reason: 'failure',
    toast: {
      level: 'error',
      text: text(field(body, 'msg')) ?? description ?? (status === 0 ? undefined : text(errorMessage)),
      key: 'networkFailed',
      duration: ERROR_TOAST_SECONDS,
    },
  };
}
