import type { FastifyInstance } from 'fastify';
import { invalid } from './errors.js';

/*
 * JSON request bodies, for every route: at most JSON_BODY_MAX bytes and JSON_DEPTH_MAX levels of arrays and
 * objects, refused before anything parses, walks or serialises them (a body nested thousands deep overflows
 * the stack of whatever recurses over it first: a validator, a job payload, a log line). Uploads are
 * multipart and keep their own limits.
 */

/** The deepest nesting a JSON body may have; the deepest any route takes is a handful of levels. */
export const JSON_DEPTH_MAX = 32;
/** The largest JSON body: forms and lists of ids are a few kilobytes; files come as multipart uploads. */
export const JSON_BODY_MAX = 2 * 1024 * 1024;

/** Whether JSON text nests arrays and objects deeper than `max`, read once without parsing or recursion. */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** Replaces Fastify's JSON body parser by the same parser behind the size and depth limits. */
export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: JSON_BODY_MAX }, (req, body, done) => {
    const text = body as string;
    if (nestsDeeperThan(text, JSON_DEPTH_MAX))
      return done(invalid('body', 'errors.validation.depth', { limit: JSON_DEPTH_MAX }), undefined);
    parse(req, text, done);
  });
}
