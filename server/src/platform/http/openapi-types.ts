import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';

/**
 * The web's types of the API, generated from the server's OpenAPI document (the route schemas) by
 * openapi-typescript: `npm run gen:types` writes them, and openapi-types.test.ts fails when the checked-in file
 * differs from what the routes now say. The web imports them from `web/src/api/schema` (see api/types.ts there).
 */
export const SCHEMA_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../web/src/api/schema.d.ts',
);

const HEADER = [
  '/**',
  " * The API's types, generated from the server's OpenAPI document by `npm run gen:types` (openapi-typescript).",
  ' * Do not edit: change the route schemas and generate again; server/src/platform/http/openapi-types.test.ts',
  ' * fails while this file and the routes disagree.',
  ' */',
  '',
].join('\n');

/** The TypeScript of an app's OpenAPI document (the app is made ready; nothing listens). */
export async function webTypes(app: FastifyInstance): Promise<string> {
  await app.ready();
  const doc = app.swagger() as unknown as OpenAPI3;
  const ast = await openapiTS(doc, { alphabetize: true, silent: true });
  return HEADER + astToString(ast);
}
