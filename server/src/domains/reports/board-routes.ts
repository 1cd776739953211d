import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { t } from '../../platform/i18n/index.js';
import { anonymousTenant } from '../../platform/system/anonymous.js';
import { P } from '../repair/permissions.js';
import {
  BOARD_KINDS,
  type BoardKind,
  boardOf,
  boardView,
  createBoard,
  listBoards,
  parseBoardToken,
  revokeBoard,
} from './boards.js';

/** The live entities whose changes move a board of each kind (the equipment wall shows open orders too). */
const BOARD_ENTITIES: Record<BoardKind, string[]> = { repair: ['maintaintask'], equipment: ['maintaintask'] };

const anyData = { 200: { type: 'object', additionalProperties: true } };
const id = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;

/**
 * Boards (/kbList, /details): the tenant's people list, make and revoke board links (the repair leads who
 * dispatch); a TV opens a board by its token without a session and sees that board only.
 */
export const boardRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api-list/board/list',
    {
      config: { permission: P.view },
      schema: { tags: ['reports'], summary: 'Boards: the tenant\u2019s board links', response: anyData },
    },
    (req) => req.tenant(async (tx) => ok(await listBoards(tx))),
  );
  app.post<{ Body: { kind: BoardKind; name: string; workshopId?: number | null } }>(
    '/api-list/board/save',
    {
      config: { permission: P.assign },
      schema: {
        tags: ['reports'],
        summary: 'Boards: make a board link (repair board or equipment wall, of one workshop or all)',
        body: {
          type: 'object',
          required: ['kind', 'name'],
          properties: {
            kind: { type: 'string', enum: [...BOARD_KINDS] },
            name: { type: 'string', minLength: 1, maxLength: 100 },
            workshopId: { anyOf: [id, { type: 'null' }] },
          },
        },
        response: anyData,
      },
    },
    (req) => req.tenant(async (tx) => ok(await createBoard(tx, req.body), t(req.lang, 'reports.boardCreated'))),
  );
  app.post<{ Body: { id: number } }>(
    '/api-list/board/revoke',
    {
      config: { permission: P.assign },
      schema: {
        tags: ['reports'],
        summary: 'Boards: revoke a board link (its TVs stop showing it)',
        body: { type: 'object', required: ['id'], properties: { id } },
        response: anyData,
      },
    },
    (req) =>
      req.tenant(async (tx) =>
        ok({ revoked: await revokeBoard(tx, req.body.id) }, t(req.lang, 'reports.boardRevoked')),
      ),
  );
  // A TV follows its board live: the socket hears that an order (or a machine) of the tenant changed, and the
  // board reads itself again. A revoked or unknown link is closed at once (4404).
  app.get<{ Params: { token: string } }>(
    '/webSocket/board/:token',
    { websocket: true, config: { public: true }, schema: { hide: true } },
    async (socket, req) => {
      const parsed = parseBoardToken(req.params.token);
      const board = parsed
        ? await anonymousTenant(app, parsed.tenantId, (tx) => boardOf(tx, parsed.token)).catch(() => null)
        : null;
      if (!parsed || !board) {
        socket.close(4404, 'unknown board');
        return;
      }
      app.realtime.watch(parsed.tenantId, socket, BOARD_ENTITIES[board.kind]);
      socket.send(JSON.stringify({ type: 'hello' }));
    },
  );

  app.get<{ Params: { token: string } }>(
    '/api-anon/board/:token',
    {
      config: { public: true },
      schema: {
        tags: ['reports'],
        summary: 'A board by its link token, without a session (only that board)',
        params: { type: 'object', required: ['token'], properties: { token: { type: 'string', maxLength: 100 } } },
        response: anyData,
      },
    },
    async (req) => {
      const parsed = parseBoardToken(req.params.token);
      if (!parsed) throw new AppError('notFound', 'reports.errors.boardUnknown');
      return ok(await anonymousTenant(app, parsed.tenantId, (tx) => boardView(tx, parsed.token, req.lang)));
    },
  );
};
