import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { languages, t } from '../../platform/i18n/index.js';
import { KINDS, myPreferences, savePreferences } from './email.js';
import { envelope } from './http.js';

const preferencesSchema = {
  type: 'object',
  properties: {
    kinds: { type: 'array', items: { type: 'string' } },
    lang: { type: 'string' },
    email: { type: ['string', 'null'] },
    choices: {
      type: 'array',
      items: { type: 'object', properties: { kind: { type: 'string' }, label: { type: 'string' } } },
    },
  },
};

/** My e-mail notices: which kinds of notice I get by e-mail too, and in which language. */
export async function emailRoutes(app: FastifyInstance): Promise<void> {
  const withChoices = (lang: (typeof languages)[number]) => (p: object) => ({
    ...p,
    choices: KINDS.map((kind) => ({ kind, label: t(lang, `integrations.email.kind.${kind}`) })),
  });

  app.get(
    '/api-integration/emailNotices/mine',
    {
      config: { selfService: true, personOnly: true },
      schema: {
        tags: ['integrations'],
        summary: 'My e-mail notice preferences, my address and the kinds I may choose',
        response: { 200: envelope(preferencesSchema) },
      },
    },
    (req) => req.tenant(async (tx) => ok(withChoices(req.lang)(await myPreferences(tx, req.me().userId, req.lang)))),
  );

  app.post<{ Body: { kinds: string[]; lang?: string } }>(
    '/api-integration/emailNotices/save',
    {
      config: { selfService: true, personOnly: true },
      schema: {
        tags: ['integrations'],
        summary: 'Chooses the kinds of notice I also get by e-mail, batched into digests, in my language',
        body: {
          type: 'object',
          required: ['kinds'],
          properties: {
            kinds: { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 40 } },
            lang: { type: 'string', enum: [...languages] },
          },
        },
        response: { 200: envelope(preferencesSchema) },
      },
    },
    (req) =>
      req.tenant(async (tx) =>
        ok(withChoices(req.lang)(await savePreferences(tx, req.me().userId, req.body, req.lang))),
      ),
  );
}
