/**
 * The one typed application error. Handlers throw it with a message key (locales/<lang>/errors.json)
 * and parameters; the error handler renders it in the caller's language:
 *  - business: HTTP 200 { rtnCode: 201, msg }
 *  - unauthorized / forbidden: HTTP 401 / 403 { error, error_description }
 *  - invalid: HTTP 400 { rtnCode: 400, msg, field }
 *  - notFound: HTTP 404 { rtnCode: 404, msg }
 */
export type AppErrorKind = 'business' | 'unauthorized' | 'forbidden' | 'invalid' | 'notFound' | 'conflict' | 'tooMany';

export class AppError extends Error {
  constructor(
    readonly kind: AppErrorKind,
    readonly key: string,
    readonly params: Record<string, unknown> = {},
    readonly field?: string,
    readonly details?: unknown,
  ) {
    super(key);
  }
}

export const businessError = (key: string, params?: Record<string, unknown>) => new AppError('business', key, params);
export const unauthorized = (key = 'errors.unauthorized') => new AppError('unauthorized', key);
export const forbidden = (key = 'errors.forbidden', params?: Record<string, unknown>) =>
  new AppError('forbidden', key, params);
export const notFound = (key = 'errors.notFound') => new AppError('notFound', key);
export const invalid = (field: string, key: string, params: Record<string, unknown> = {}) =>
  new AppError('invalid', key, { field, ...params }, field);
