import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Database } from '../../db/types.js';

export interface RealtimeMessage {
  type: string;
  [k: string]: unknown;
}

/**
 * Pushes messages to a user's open browser tabs (the /webSocket/{userId} sockets). A push goes through the
 * database's NOTIFY on one channel, and every server process using that database LISTENs and hands it to the
 * sockets it holds, so a user connected to one instance hears about work finished on another. The channel
 * carries the schema name, so two deployments sharing a database never see each other's pushes.
 */
export class Realtime {
  private readonly sockets = new Map<number, Set<WebSocket>>();
  private stopListening: (() => Promise<void>) | null = null;
  readonly channel: string;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    schema = 'public',
  ) {
    this.channel = `eam_realtime${schema && schema !== 'public' ? `_${schema}` : ''}`.slice(0, 63);
  }

  async start(): Promise<void> {
    if (this.stopListening) return;
    this.stopListening = await this.db.listen(this.channel, (payload) => this.deliver(payload));
  }

  add(userId: number, socket: WebSocket): void {
    let set = this.sockets.get(userId);
    if (!set) {
      set = new Set();
      this.sockets.set(userId, set);
    }
    set.add(socket);
    socket.on('close', () => {
      set.delete(socket);
      if (set.size === 0) this.sockets.delete(userId);
    });
  }

  /** Sends the message to every open tab of the user on every server instance. */
  async push(userId: number, message: RealtimeMessage): Promise<void> {
    const payload = JSON.stringify({ userId, message });
    try {
      await this.db.query('select pg_notify($1, $2)', [this.channel, payload]);
    } catch (err) {
      // The database is away: the tabs on this instance still hear it; the others reload on reconnect.
      this.log.warn({ err }, 'realtime notify failed; delivering locally');
      this.deliver(payload);
    }
  }

  /** Number of open sockets of a user on this instance. */
  openSockets(userId: number): number {
    return this.sockets.get(userId)?.size ?? 0;
  }

  private deliver(payload: string): void {
    let parsed: { userId?: number; message?: RealtimeMessage };
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    const set = parsed.userId === undefined ? undefined : this.sockets.get(parsed.userId);
    if (!set || !parsed.message) return;
    const text = JSON.stringify(parsed.message);
    for (const s of set) if (s.readyState === s.OPEN) s.send(text);
  }

  async stop(): Promise<void> {
    for (const set of this.sockets.values()) for (const s of set) s.close(1001, 'server stopping');
    this.sockets.clear();
    const stop = this.stopListening;
    this.stopListening = null;
    await stop?.().catch(() => undefined);
  }
}
