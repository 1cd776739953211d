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
  /** The users of each tenant with open sockets here (for tenant-wide pushes such as a board's refresh). */
  private readonly tenants = new Map<number, Set<number>>();
  /** Sockets that follow a tenant's records without a session (a TV board), each with the entities it hears of. */
  private readonly watchers = new Map<number, Set<{ socket: WebSocket; entities: ReadonlySet<string> }>>();
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

  add(userId: number, socket: WebSocket, tenantId?: number): void {
    let set = this.sockets.get(userId);
    if (!set) {
      set = new Set();
      this.sockets.set(userId, set);
    }
    set.add(socket);
    if (tenantId !== undefined) {
      const users = this.tenants.get(tenantId) ?? new Set<number>();
      users.add(userId);
      this.tenants.set(tenantId, users);
    }
    socket.on('close', () => {
      set.delete(socket);
      if (set.size > 0) return;
      this.sockets.delete(userId);
      if (tenantId === undefined) return;
      const users = this.tenants.get(tenantId);
      users?.delete(userId);
      if (users?.size === 0) this.tenants.delete(tenantId);
    });
  }

  /**
   * A socket without a user that hears the record changes of these entities in the tenant (pushRecord), and
   * nothing else: a board on a TV refreshes when an order moves.
   */
  watch(tenantId: number, socket: WebSocket, entities: readonly string[]): void {
    const set = this.watchers.get(tenantId) ?? new Set();
    const watcher = { socket, entities: new Set(entities) };
    set.add(watcher);
    this.watchers.set(tenantId, set);
    socket.on('close', () => {
      set.delete(watcher);
      if (set.size === 0) this.watchers.delete(tenantId);
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
    let parsed: { userId?: number; tenantId?: number; message?: RealtimeMessage };
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    if (!parsed.message) return;
    const text = JSON.stringify(parsed.message);
    const users =
      parsed.userId !== undefined
        ? [parsed.userId]
        : parsed.tenantId !== undefined
          ? [...(this.tenants.get(parsed.tenantId) ?? [])]
          : [];
    for (const u of users) for (const s of this.sockets.get(u) ?? []) if (s.readyState === s.OPEN) s.send(text);
    if (parsed.userId !== undefined || parsed.tenantId === undefined || parsed.message.type !== 'record') return;
    for (const w of this.watchers.get(parsed.tenantId) ?? [])
      if (w.entities.has(String(parsed.message.entity)) && w.socket.readyState === w.socket.OPEN) w.socket.send(text);
  }

  async stop(): Promise<void> {
    for (const set of this.sockets.values()) for (const s of set) s.close(1001, 'server stopping');
    for (const set of this.watchers.values()) for (const w of set) w.socket.close(1001, 'server stopping');
    this.sockets.clear();
    this.watchers.clear();
    const stop = this.stopListening;
    this.stopListening = null;
    await stop?.().catch(() => undefined);
  }
}
