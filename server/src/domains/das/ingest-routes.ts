import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { businessError, unauthorized } from '../../platform/http/errors.js';
import { t } from '../../platform/i18n/index.js';
import { secretMatches } from './gateway-secret.js';
import { upTopic } from './ingest.js';
import { MAX_MESSAGE_BYTES } from './payload.js';

/** The gateway's credentials from `Authorization: Basic <client id:secret>` or X-Client-Id / X-Client-Secret. */
function credentials(req: FastifyRequest): { id: string; secret: string } | null {
  const auth = req.headers.authorization;
  if (typeof auth === 'string' && /^basic /i.test(auth)) {
    const text = Buffer.from(auth.slice(6).trim(), 'base64').toString('utf8');
    const at = text.indexOf(':');
    return at > 0 ? { id: text.slice(0, at), secret: text.slice(at + 1) } : null;
  }
  const id = req.headers['x-client-id'];
  const secret = req.headers['x-client-secret'];
  return typeof id === 'string' && typeof secret === 'string' ? { id, secret } : null;
}

/**
 * HTTP ingest for gateways without MQTT: `POST /api-das/ingest/<device code>` with the gateway's credentials
 * and the same JSON as an MQTT message. The body is taken as text so that what is not JSON is counted as a
 * refused message of the gateway, like any other bad payload.
 */
export const ingestRoutes: FastifyPluginAsync = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_MESSAGE_BYTES * 8 }, (_req, body, done) =>
    done(null, body),
  );

  app.post<{ Params: { device: string }; Body: string }>(
    '/api-das/ingest/:device',
    {
      config: { public: true },
      schema: {
        tags: ['gateway'],
        summary: "ingest: a gateway's readings of one device over HTTP (its client id and secret)",
        params: { type: 'object', required: ['device'], properties: { device: { type: 'string', maxLength: 50 } } },
        body: { type: 'string' },
        response: {
          200: {
            type: 'object',
            properties: {
              rtnCode: { type: 'integer' },
              msg: { type: 'string' },
              data: { type: 'object', properties: { outcome: { type: 'string' } } },
            },
          },
        },
      },
    },
    async (req) => {
      const cred = credentials(req);
      const gateway = cred ? await app.das.directory.get(cred.id) : null;
      if (!cred || !gateway || !secretMatches(cred.secret, gateway.secretHash))
        throw unauthorized('das.errors.credentials');
      const outcome = await app.das.ingest.handle(
        gateway.clientId,
        upTopic(gateway.clientId, req.params.device),
        req.body ?? '',
        gateway,
      );
      if (outcome !== 'taken') throw businessError(`das.rejected.${outcome}`);
      return ok({ outcome }, t(req.lang, 'das.messages.taken'));
    },
  );
};
