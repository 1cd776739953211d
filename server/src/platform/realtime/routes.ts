import type { FastifyInstance } from 'fastify';
import { loadPrincipal } from '../auth/principal.js';
import { ownerDb } from '../system/owner.js';

/** /webSocket/{userId}?token=...: browsers cannot send headers on a socket, so the token rides in the query. */
export async function realtimeRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { userId: string }; Querystring: { token?: string } }>(
    '/webSocket/:userId',
    { websocket: true, config: { public: true, queryToken: true }, schema: { hide: true } },
    async (socket, req) => {
      const token = req.query.token ?? '';
      const claims = token ? await app.tokens.verify(token) : null;
      const principal = claims
        ? await loadPrincipal(ownerDb(app), claims.sessionId, claims.userId, claims.tenantId)
        : null;
      if (!principal || String(principal.userId) !== req.params.userId) {
        socket.close(4401, 'unauthorized');
        return;
      }
      app.realtime.add(principal.userId, socket, principal.tenantId);
      socket.send(JSON.stringify({ type: 'hello' }));
    },
  );
}
