import autocannon, { type Request } from 'autocannon';

export interface Scenario {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Needs the bearer token of the demo administrator. */
  auth?: boolean;
  /** The limit this endpoint is compared with: a bare route of the same server. */
  limit?: string;
  /** A body per request (each request acts on a record of its own); `body` is the first one. */
  bodies?: () => unknown;
}

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/**
 * Waits until the server has worked off the requests still queued when a load ended (the embedded database
 * answers one statement at a time), so they do not slow the next load down: /health queues behind them.
 */
async function settle(url: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const started = performance.now();
    await fetch(`${url}/health`).catch(() => undefined);
    if (performance.now() - started < 50) return;
  }
}

/** Runs one autocannon load: fixed duration and connections, loopback only. */
export async function load(
  url: string,
  s: Scenario,
  connections: number,
  seconds: number,
  token?: string,
): Promise<Figures> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (s.auth && token) headers.authorization = `Bearer ${token}`;
  const result = await autocannon({
    url: url + s.path,
    method: s.method ?? 'GET',
    headers,
    body: s.body === undefined ? undefined : JSON.stringify(s.body),
    connections,
    duration: seconds,
    ...(s.bodies
      ? {
          requests: [
            {
              method: s.method ?? 'GET',
              setupRequest: (req: Request): Request => ({ ...req, body: JSON.stringify(s.bodies!()) }),
            },
          ],
        }
      : {}),
  });
  await settle(url);
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export const BARE: Scenario = { name: 'bare route (GET /health)', path: '/health' };

/** The scenarios every user hits: log in, the menu tree, the current user. */
export const sessionScenarios = (username: string, password: string): Scenario[] => [
  { name: 'login', method: 'POST', path: '/sys/login', body: { username, password } },
  { name: 'menu tree (sys/me)', path: '/api-user/sys/me', auth: true },
  { name: 'current user', path: '/api-user/users/current', auth: true },
];

/** One request of a scenario: it must answer 200 (and rtnCode 200 where there is one) before it is loaded. */
export async function preflight(url: string, s: Scenario, token: string): Promise<void> {
  const body = s.bodies ? s.bodies() : s.body;
  const r = await fetch(url + s.path, {
    method: s.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(s.auth ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  const rtn = /"rtnCode":(\d+)/.exec(text)?.[1];
  if (r.status !== 200 || (rtn && rtn !== '200')) throw new Error(`${s.name}: ${r.status} ${text.slice(0, 300)}`);
}
