import type { WebSocket } from 'ws';

/**
 * Pushes messages to a user's open browser tabs (the /webSocket/{userId} sockets of this server process).
 * The payload is JSON text; the web reloads what the message names (for example "download").
 */
export class Realtime {
  private readonly sockets = new Map<number, Set<WebSocket>>();

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

  push(userId: number, message: { type: string; [k: string]: unknown }): number {
    const set = this.sockets.get(userId);
    if (!set) return 0;
    const text = JSON.stringify(message);
    for (const s of set) if (s.readyState === s.OPEN) s.send(text);
    return set.size;
  }

  closeAll(): void {
    for (const set of this.sockets.values()) for (const s of set) s.close(1001, 'server stopping');
    this.sockets.clear();
  }
}
