import { AppError } from '../http/errors.js';
import { type Lang, t } from '../i18n/index.js';

/**
 * One company's failure in a run of a per-tenant recurring job (everyTenant), kept in the run's payload
 * (`tenantErrors`). It says which company and why in a few words: the message key of an application error,
 * the SQLSTATE of a database error (never its text, which names tables and constraints), or the first line
 * of any other error. The stack stays in the server log.
 */
export interface TenantFailure {
  tenantId: number;
  code: string;
  name: string;
  key?: string;
  params?: Record<string, unknown>;
  sqlstate?: string;
  message?: string;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

export function failureOf(company: { id: number; code: string; name: string }, err: unknown): TenantFailure {
  const who = { tenantId: company.id, code: company.code, name: company.name };
  if (err instanceof AppError) return { ...who, key: err.key, params: err.params };
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && SQLSTATE.test(code)) return { ...who, sqlstate: code };
  const text = err instanceof Error ? err.message : String(err);
  return { ...who, message: (text.split('\n')[0] ?? '').slice(0, 200) };
}

/** "Failed for 1 of 3 companies: Company acme (acme): disk full" in the reader's language. */
export function tenantFailuresText(lang: Lang, failures: TenantFailure[], total: number): string {
  const list = failures
    .map((f) => {
      const why = f.key
        ? t(lang, f.key, f.params)
        : f.sqlstate
          ? t(lang, 'errors.timetask.databaseError', { code: f.sqlstate })
          : (f.message ?? '');
      return `${f.name} (${f.code}): ${why}`;
    })
    .join('; ');
  return t(lang, 'errors.timetask.tenantsFailed', { count: failures.length, total, list });
}

/**
 * Thrown by a per-tenant run after it has gone through every company when some of them failed: the runner
 * records the run as done with errors ('partial'), names the companies, and does not retry it.
 */
export class TenantFailures extends Error {
  constructor(
    readonly failures: TenantFailure[],
    readonly total: number,
  ) {
    super(tenantFailuresText('zh', failures, total));
  }
}
