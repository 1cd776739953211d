import fs from 'node:fs';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/index.js';
import { domains } from './domains/index.js';
import { registerAuth } from './platform/auth/plugin.js';
import { TokenService } from './platform/auth/tokens.js';
import { openFileStore } from './platform/files/open-store.js';
import { registerErrorHandler } from './platform/http/error-handler.js';
import { INPUT_RULES, registerInputGuard } from './platform/http/input-guard.js';
import { lazyCompilers } from './platform/http/lazy-compilers.js';
import { JobRunner } from './platform/jobs/runner.js';
import './platform/http/types.js';
import { Realtime } from './platform/realtime/realtime.js';
import { realtimeRoutes } from './platform/realtime/routes.js';
import { registerPlatformHandle } from './platform/resources/platform-handle.js';
import { auditOperatorChanges } from './platform/system/operator-audit.js';
import { attachOwnerDb } from './platform/system/owner.js';
import { registerWeb } from './platform/web/static.js';

export interface AppOptions {
  config: Config;
  db: Database;
  jwtSecret: string;
  logger?: boolean;
  /** Where the JSON logs go (default stdout); tests read them. */
  logStream?: NodeJS.WritableStream;
}

/** Trusts the nearest `n` proxies (Fastify's own hop count, which its types leave out). */
const hops = (n: number) => (_address: string, hop: number) => hop < n;

const SECRET_QUERY = /([?&](?:token|access_token|refresh_token)=)[^&]*/gi;

/** Builds the HTTP application: external plugins, platform plugins, then the domains' routes. */
export async function buildApp({
  config,
  db,
  jwtSecret,
  logger = true,
  logStream,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          ...(logStream ? { stream: logStream } : {}),
          redact: ['req.headers.authorization', 'req.headers.cookie', 'body.password', 'body.newpassword'],
          serializers: {
            req: (req) => ({ method: req.method, url: req.url.replace(SECRET_QUERY, '$1***'), remoteAddress: req.ip }),
          },
        }
      : false,
    // Only configured proxies may name the client's address (login lock and SMS limits count per address).
    trustProxy: typeof config.trustProxy === 'number' ? hops(config.trustProxy) : config.trustProxy,
    bodyLimit: 20 * 1024 * 1024,
    // A stopping server (SIGTERM, main.ts) closes its listening socket first, so a load balancer sends new
    // connections elsewhere; a request that reached it on a connection already accepted is served, not
    // answered 503: the balancer cannot replay a POST that it has sent (docs/scaling.md).
    return503OnClosing: false,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: false, allowUnionTypes: true } },
    schemaController: { compilersFactory: lazyCompilers() },
  });

  app.decorate('config', config);
  attachOwnerDb(app, db);
  app.decorate('tokens', new TokenService(jwtSecret, config.accessTokenSeconds));
  app.decorate('realtime', new Realtime(db, app.log, config.databaseSchema));
  app.decorate('jobs', new JobRunner(db, app.log));
  app.decorate('fileStore', await openFileStore(config, db));
  app.decorate('healthParts', {});

  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 5 } });
  await app.register(websocket);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Equipment management platform API', version: '1.0.0', description: INPUT_RULES },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          // Another system's key (settings, API keys): the header `Authorization: ApiKey <secret>`.
          apiKey: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'Authorization: ApiKey <secret>; refused on login, password and API key routes.',
          },
        },
      },
      security: [{ bearer: [] }, { apiKey: [] }],
    },
  });
  registerAuth(app);
  registerPlatformHandle(app);
  registerInputGuard(app);
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), public: true };
    });
    await scope.register(swaggerUi, { routePrefix: '/api-docs', uiConfig: { docExpansion: 'none' } });
  });
  const indexHtml = fs.existsSync(config.webDist) ? await registerWeb(app, config.webDist) : null;
  registerErrorHandler(app, indexHtml);

  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['platform'],
        response: {
          200: {
            type: 'object',
            properties: { status: { type: 'string' }, database: { type: 'string' } },
            additionalProperties: true,
          },
          503: {
            type: 'object',
            properties: { status: { type: 'string' }, database: { type: 'string' } },
            additionalProperties: true,
          },
        },
      },
    },
    async (_req, reply) => {
      const up = await db.ping();
      // What other parts report of themselves (healthParts: the machine-data broker's state and warnings).
      const parts = Object.fromEntries(Object.entries(app.healthParts).map(([k, f]) => [k, f()]));
      return reply.code(up ? 200 : 503).send({ status: up ? 'ok' : 'unavailable', database: db.kind, ...parts });
    },
  );

  // Before any route: every platform POST of every domain is audited (hooks of the root reach all routes).
  auditOperatorChanges(app);
  await app.register(realtimeRoutes);
  for (const domain of domains) await app.register(domain);

  app.addHook('onReady', async () => {
    await app.realtime.start();
    app.jobs.start();
  });
  app.addHook('onClose', async () => app.jobs.stop());
  app.addHook('onClose', async () => app.realtime.stop());
  app.addHook('onClose', async () => app.fileStore.close());
  return app;
}
