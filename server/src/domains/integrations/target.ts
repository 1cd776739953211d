import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/**
 * Where a webhook may be sent. Private, loopback, link-local and other special addresses are refused unless the
 * operator allows them (WEBHOOK_ALLOW_PRIVATE): a tenant must not reach the servers' own network through us. The
 * check is made at subscription and again on every connection (the resolved address), so a host name that later
 * points inside is refused too; redirects are not followed.
 */
const blocked = new net.BlockList();
for (const [net4, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net4, bits, 'ipv4');
for (const [net6, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net6, bits, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  const family = net.isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export type TargetProblem = 'urlInvalid' | 'urlPrivate' | 'urlUnreachable';

/** Parses a subscription's URL: http(s), no user or password in it. */
export function parseTarget(raw: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || !url.hostname) return null;
  return url;
}

const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** What is wrong with a target before anything is sent there, or null. Resolves its host name. */
export async function checkTarget(
  raw: string,
  allowPrivate: boolean,
): Promise<{ problem: TargetProblem; host: string } | null> {
  const url = parseTarget(raw);
  if (!url) return { problem: 'urlInvalid', host: '' };
  const host = bareHost(url);
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await dns.promises.lookup(host, { all: true })).map((a) => a.address);
    } catch {
      return { problem: 'urlUnreachable', host };
    }
  }
  if (!allowPrivate && addresses.some(isPrivateAddress)) return { problem: 'urlPrivate', host };
  return null;
}

export interface PostResult {
  ok: boolean;
  status: number | null;
  ms: number;
  /** Why it failed: a code the delivery log translates (never a stack or a server's words). */
  error: 'timeout' | 'unreachable' | 'private' | 'httpStatus' | 'network' | null;
}

const TIMEOUT_MS = 10_000;

/** POSTs a JSON body to the target; a 2xx answer is success. The answer's body is read and dropped. */
export function postJson(
  raw: string,
  headers: Record<string, string>,
  body: string,
  allowPrivate: boolean,
): Promise<PostResult> {
  const began = performance.now();
  const took = () => Math.round(performance.now() - began);
  const url = parseTarget(raw);
  if (!url) return Promise.resolve({ ok: false, status: null, ms: 0, error: 'unreachable' });
  const host = bareHost(url);
  if (!allowPrivate && net.isIP(host) && isPrivateAddress(host))
    return Promise.resolve({ ok: false, status: null, ms: 0, error: 'private' });
  const lookup: net.LookupFunction = (hostname, options, cb) => {
    dns.lookup(hostname, { ...options, all: true }, (err, list) => {
      if (err) return cb(err, '', 4);
      const addresses = list as dns.LookupAddress[];
      if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address)))
        return cb(Object.assign(new Error('private address'), { code: 'EPRIVATE' }), '', 4);
      if (options.all) return cb(null, addresses);
      cb(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const done = (r: PostResult) => {
      if (settled) return;
      settled = true;
      resolve(r);
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        lookup,
        timeout: TIMEOUT_MS,
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          const ok = status >= 200 && status < 300;
          done({ ok, status, ms: took(), error: ok ? null : 'httpStatus' });
        });
        res.on('error', () => done({ ok: false, status: res.statusCode ?? null, ms: took(), error: 'network' }));
      },
    );
    req.on('timeout', () => {
      req.destroy();
      done({ ok: false, status: null, ms: took(), error: 'timeout' });
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      const error =
        err.code === 'EPRIVATE'
          ? 'private'
          : err.code === 'ENOTFOUND' || err.code === 'ECONNREFUSED'
            ? 'unreachable'
            : 'network';
      done({ ok: false, status: null, ms: took(), error });
    });
    req.end(body);
  });
}
