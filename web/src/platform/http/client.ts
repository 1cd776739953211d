import { i18n } from '../i18n/i18n';
import { getToken, readSession } from '../session/storage';
import { toast } from '../ui/feedback';
import { mapCall, type RejectReason } from './error-map';

/** The success envelope of the wire. */
export interface Envelope<T> {
  rtnCode: number;
  msg?: string;
  data: T;
  count?: number;
}

/** A rejected call. The user has already been told (or, for code 11211, deliberately not). */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly reason: RejectReason,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

type Params = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  params?: Params;
  body?: unknown;
  headers?: Record<string, string>;
  /** Answer as a Blob instead of JSON (file downloads). */
  blob?: boolean;
  /** No message when the call gets no answer at all (the caller keeps it to send again: offline answers). */
  quietWhenOffline?: boolean;
  signal?: AbortSignal;
}

const LOGIN_PATH = '/sys/login';
const TIMEOUT_MS = 60_000;

let baseUrl = (import.meta.env.VITE_API_BASE ?? '').replace(/\/$/, '');
let onUnauthorized: () => void = () => {};
let unauthorizedHandled = false;

/** The base address of every call (build variable VITE_API_BASE; empty means the page's origin). */
export const getBaseUrl = (): string => baseUrl;
export const setBaseUrl = (url: string): void => {
  baseUrl = url.replace(/\/$/, '');
};

/** What a 401 does after its message: clear the session, log out and reload (set by the app). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export function buildUrl(path: string, params?: Params): string {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {}))
    if (v !== undefined && v !== null && v !== '') query.set(k, String(v));
  const qs = query.toString();
  const full = /^https?:/.test(path) ? path : `${baseUrl}${path}`;
  return qs ? `${full}${full.includes('?') ? '&' : '?'}${qs}` : full;
}

/** Headers of every call: Bearer directly followed by the token (no space), the user id, the language. */
export function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = { lang: i18n.language || 'zh' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer${token}`;
  const userId = readSession('userId');
  if (userId) headers.userid = userId;
  return headers;
}

async function readBody(res: Response, blob: boolean): Promise<unknown> {
  if (blob && res.ok && !(res.headers.get('content-type') ?? '').includes('application/json')) return res.blob();
  const raw = await res.text();
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { ...authHeaders(), ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof Blob || typeof options.body === 'string') {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const isLogin = path === LOGIN_PATH;
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let status = 0;
  let payload: unknown = null;
  let errorMessage: string | undefined;
  try {
    const res = await fetch(buildUrl(path, options.params), { method, headers, body, signal });
    status = res.status;
    payload = await readBody(res, options.blob ?? false);
  } catch (err) {
    if (options.signal?.aborted) throw err;
    errorMessage = err instanceof Error ? err.message : String(err);
  }
  const outcome = mapCall({ status, body: payload, isLogin, errorMessage });
  if (outcome.kind === 'ok') return payload as T;
  if (outcome.reason === 'unauthorized') {
    if (!unauthorizedHandled) {
      unauthorizedHandled = true;
      toast('error', i18n.t('errors:loginAgain'), outcome.toast?.duration);
      onUnauthorized();
    }
  } else if (outcome.toast && !(options.quietWhenOffline && status === 0)) {
    const t = outcome.toast;
    toast(t.level, t.text ?? i18n.t(`errors:${t.key}`), t.duration);
  }
  const msg = outcome.toast?.text ?? (outcome.toast?.key ? i18n.t(`errors:${outcome.toast.key}`) : outcome.reason);
  throw new HttpError(msg, status, outcome.reason, payload);
}

export const http = {
  get: <T>(path: string, params?: Params, options?: Omit<RequestOptions, 'params'>) =>
    request<T>('GET', path, { ...options, params }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, params?: Params, options?: Omit<RequestOptions, 'params'>) =>
    request<T>('DELETE', path, { ...options, params }),
};

/** The data of an envelope call. */
export async function getData<T>(path: string, params?: Params): Promise<T> {
  return (await http.get<Envelope<T>>(path, params)).data;
}
