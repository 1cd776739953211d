import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/*
 * nginx (Debian's package) as the load balancer in front of several server instances: started by the test with
 * its own configuration in a temporary folder on a free port, never the system's service.
 */

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface LoadBalancer {
  url: string;
  /** Which upstream (127.0.0.1:port) answered each request so far, from nginx's access log. */
  upstreams(): string[];
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The configuration of docs/scaling.md: round robin, WebSockets passed through, a request that an instance
 * refuses to connect (stopped, or stopping: it closes its listening socket first) or answers 502 is passed to the
 * next instance; requests already sent are not replayed, since the stopping instance finishes them.
 */
export function nginxConfig(dir: string, port: number, servers: readonly number[]): string {
  return `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  log_format upstream '$upstream_addr $status $request_method $uri';
  access_log ${dir}/access.log upstream;
  client_max_body_size 20m;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  upstream eam {
${servers.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://eam;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_next_upstream error timeout http_502;
      proxy_connect_timeout 2s;
      proxy_read_timeout 3600s;
    }
  }
}
`;
}

/** Starts nginx in front of the servers on these ports and waits until it answers. */
export async function startLoadBalancer(servers: readonly number[]): Promise<LoadBalancer> {
  if (!fs.existsSync(NGINX)) throw new Error(`no nginx at ${NGINX} (apt-get install nginx, or set NGINX_PATH)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eam-nginx-'));
  fs.mkdirSync(path.join(dir, 'tmp'));
  // The worker may run as another user (nobody) when the test runs as root: it writes its buffers here.
  fs.chmodSync(dir, 0o755);
  fs.chmodSync(path.join(dir, 'tmp'), 0o777);
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig(dir, port, servers));
  // -e: the error log of the start itself, which would otherwise go to /var/log/nginx.
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', conf, '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${output}`);
    const up = await fetch(`${url}/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not answer on ${port}: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    upstreams: () =>
      fs
        .readFileSync(path.join(dir, 'access.log'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split(' ')[0]!),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGQUIT');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
