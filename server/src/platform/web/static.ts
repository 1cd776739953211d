import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const API_PREFIX = /^\/(api-[a-z]+|sys|user|health|webSocket|api-docs)(\/|$)/;

/**
 * Serves the built web application as public files. Returns index.html's text: the not-found handler
 * answers client-side routes (/dashboard, /setUp/role, ...) with it.
 */
export async function registerWeb(app: FastifyInstance, dist: string): Promise<string> {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), public: true };
      route.schema = { ...(route.schema ?? {}), hide: true };
    });
    await scope.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: false,
      index: ['index.html'],
      setHeaders: (res, file) => {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  });
  return fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
}
