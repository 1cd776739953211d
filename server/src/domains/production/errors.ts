import { AppError } from '../../platform/http/errors.js';

/** A business refusal naming the field it is about (rtnCode 201 with `field`), text from production.errors. */
export const fieldError = (field: string, key: string, params: Record<string, unknown> = {}) =>
  new AppError('business', `production.errors.${key}`, params, field);
