import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Lang, t } from '../i18n/index.js';
import { staticModel } from '../resources/model.js';
import { allEntities, getEntity } from '../resources/registry.js';
import type { EntityDef } from '../resources/types.js';
import { API_PREFIX } from '../web/static.js';
import { databaseFailure } from './db-errors.js';
import { AppError } from './errors.js';

interface AjvIssue {
  instancePath?: string;
  keyword?: string;
  params?: Record<string, unknown>;
  message?: string;
}

/**
 * The label of a body field of a route that serves a declared entity (the entity of the longest prefix of the
 * route's url): a person reads 盘点名称, not name. Undefined for a field the entity does not declare.
 */
export function fieldLabel(url: string | undefined, field: string, lang: Lang): string | undefined {
  if (!url) return undefined;
  let served: EntityDef | undefined;
  for (const def of allEntities())
    if (url.startsWith(`${def.prefix}/`) && def.prefix.length > (served?.prefix.length ?? 0)) served = def;
  if (!served) return undefined;
  const own = staticModel(served).byName.get(field)?.label(lang);
  if (own) return own;
  // A line's field (lines.0.quantity): the label of the field of the child entity embedded as `lines`.
  const [as, row, ...rest] = field.split('.');
  const child = served.children?.find((c) => c.as === as);
  if (!child || !/^\d+$/.test(row ?? '') || rest.length !== 1) return undefined;
  const label = staticModel(getEntity(child.entity)).byName.get(rest[0]!)?.label(lang);
  return label && t(lang, 'errors.validation.lineField', { line: Number(row) + 1, field: label });
}

/** Turns a schema validation failure into the field it concerns and a translated message (named by its label). */
export function validationMessage(
  lang: Lang,
  issue: AjvIssue,
  context: string | undefined,
  url?: string,
): { field: string; msg: string } {
  const path = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const missing = issue.params?.missingProperty;
  const field = String(missing ?? (path || context || 'body'));
  const known = [
    'required',
    'type',
    'minLength',
    'maxLength',
    'minimum',
    'maximum',
    'enum',
    'format',
    'pattern',
    'additionalProperties',
  ];
  const kw = issue.keyword && known.includes(issue.keyword) ? issue.keyword : 'invalid';
  const label = fieldLabel(url, field, lang) ?? field;
  return { field, msg: t(lang, `errors.validation.${kw}`, { ...issue.params, field: label }) };
}

/** The answer to a refused caller: 401 without a live session, 403 without the right. */
export function accessErrorReply(err: AppError, lang: Lang): { status: number; body: Record<string, string> } {
  const error_description = t(lang, err.key, err.params);
  return err.kind === 'unauthorized'
    ? { status: 401, body: { error: 'unauthorized', error_description } }
    : { status: 403, body: { error: 'access_denied', error_description } };
}

/**
 * The answer to a failure of the database, never its own text: 503 while it cannot be reached, 400 for a
 * value it refused (one the schemas let through), 409 when it gave up on the transaction for another's sake.
 * Null for any other error.
 */
export function databaseErrorReply(
  err: unknown,
  req: FastifyRequest,
): { status: number; body: { rtnCode: number; msg: string } } | null {
  const failure = databaseFailure(err);
  if (!failure) return null;
  const lang = req.lang ?? 'zh';
  if (failure === 'unavailable') {
    req.log.error({ err }, 'database unavailable');
    return { status: 503, body: { rtnCode: 503, msg: t(lang, 'errors.unavailable') } };
  }
  if (failure === 'busy') {
    req.log.warn({ err }, 'transaction in the way of another');
    return { status: 409, body: { rtnCode: 409, msg: t(lang, 'errors.busy') } };
  }
  req.log.warn({ err }, 'value refused by the database');
  return { status: 400, body: { rtnCode: 400, msg: t(lang, 'errors.invalidValue') } };
}

export function registerErrorHandler(app: FastifyInstance, indexHtml: string | null): void {
  app.setErrorHandler((err: FastifyError | AppError, req: FastifyRequest, reply: FastifyReply) => {
    const lang = req.lang ?? 'zh';
    if (err instanceof AppError) {
      const msg = t(lang, err.key, err.params);
      switch (err.kind) {
        case 'business':
          return reply.code(200).send({
            rtnCode: 201,
            msg,
            ...(err.field ? { field: err.field } : {}),
            ...(err.details ? { data: err.details } : {}),
          });
        case 'unauthorized':
        case 'forbidden': {
          const { status, body } = accessErrorReply(err, lang);
          return reply.code(status).send(body);
        }
        case 'invalid': {
          // A refusal of the HTTP layer names the field as sent; a person reads its declared label.
          const label =
            err.field && err.params?.field === err.field && fieldLabel(req.routeOptions.url, err.field, lang);
          const text = label ? t(lang, err.key, { ...err.params, field: label }) : msg;
          return reply.code(400).send({ rtnCode: 400, msg: text, field: err.field });
        }
        case 'notFound':
          return reply.code(404).send({ rtnCode: 404, msg });
        case 'conflict':
          return reply.code(409).send({ rtnCode: 409, msg });
        case 'tooMany':
          return reply.code(429).send({ rtnCode: 429, msg });
      }
    }
    const fe = err as FastifyError;
    if (fe.validation?.length) {
      const issue = fe.validation[0] as AjvIssue;
      const { field, msg } = validationMessage(lang, issue, fe.validationContext, req.routeOptions.url);
      return reply.code(400).send({ rtnCode: 400, msg, field });
    }
    const refused = databaseErrorReply(err, req);
    if (refused) return reply.code(refused.status).send(refused.body);
    const status = fe.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const key = status === 413 ? 'errors.tooLarge' : status === 415 ? 'errors.unsupportedMedia' : 'errors.badRequest';
      return reply.code(status).send({ rtnCode: status, msg: t(lang, key) });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ rtnCode: 500, msg: t(lang, 'errors.internal') });
  });

  app.setNotFoundHandler((req, reply) => {
    const wantsHtml = (req.headers.accept ?? '').includes('text/html');
    if (indexHtml && req.method === 'GET' && wantsHtml && !API_PREFIX.test(req.url)) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    }
    return reply.code(404).send({ rtnCode: 404, msg: t(req.lang ?? 'zh', 'errors.routeNotFound') });
  });
}
