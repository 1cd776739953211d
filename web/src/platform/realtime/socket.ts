import { getBaseUrl } from '../http/client';

export interface SocketMessage {
  type?: string;
  id?: number | string;
  [key: string]: unknown;
}

/** ws or wss to match the page protocol, on the API's host, plus a path. */
function wsBase(page: Pick<Location, 'protocol' | 'host'>): string {
  const base = getBaseUrl();
  if (/^https?:\/\//.test(base)) {
    const u = new URL(base);
    return `${u.protocol === 'https:' ? 'wss:' : 'ws:'}//${u.host}`;
  }
  return `${page.protocol === 'https:' ? 'wss:' : 'ws:'}//${page.host}`;
}

/** A TV board's socket: /webSocket/board/{link token} (no session). */
export const boardSocketUrl = (token: string, page: Pick<Location, 'protocol' | 'host'> = location): string =>
  `${wsBase(page)}/webSocket/board/${encodeURIComponent(token)}`;

/** ws or wss to match the page protocol, on the host plus /webSocket/{userId} (spec 4). */
export function socketUrl(
  userId: string | number,
  token: string,
  page: Pick<Location, 'protocol' | 'host'> = location,
): string {
  return `${wsBase(page)}/webSocket/${encodeURIComponent(String(userId))}?token=${encodeURIComponent(token)}`;
}

/** Close codes the server uses for a refused token or an unknown board: reconnecting would not help. */
const FINAL_CLOSES = [4401, 4404];

/**
 * A socket that reconnects on error (1 s, doubling up to 30 s) until stopped. Returns the stop function.
 * `onReconnect` runs each time it opens again after a drop: messages sent meanwhile were lost.
 */
export function connectSocket(
  url: () => string,
  onMessage: (msg: SocketMessage) => void,
  onReconnect?: () => void,
): () => void {
  let socket: WebSocket | null = null;
  let stopped = false;
  let delay = 1000;
  let opened = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      open();
    }, delay);
    delay = Math.min(delay * 2, 30_000);
  };

  const open = () => {
    if (stopped) return;
    try {
      socket = new WebSocket(url());
    } catch {
      schedule();
      return;
    }
    socket.onopen = () => {
      delay = 1000;
      if (opened) onReconnect?.();
      opened = true;
    };
    socket.onmessage = (event) => {
      let msg: SocketMessage = {};
      try {
        msg = typeof event.data === 'string' ? (JSON.parse(event.data) as SocketMessage) : {};
      } catch {
        msg = { type: 'text', text: String(event.data) };
      }
      onMessage(msg);
    };
    socket.onerror = () => {
      socket?.close();
    };
    socket.onclose = (event) => {
      socket = null;
      if (!FINAL_CLOSES.includes(event.code)) schedule();
    };
  };

  open();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    if (socket) {
      socket.onclose = null;
      socket.close();
    }
  };
}
