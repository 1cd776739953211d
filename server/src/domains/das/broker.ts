import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Aedes, type AuthenticateError } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { secretMatches, tenantOfClientId } from './gateway-secret.js';
import type { Ingest } from './ingest.js';

/** What /health says of the MQTT side. */
export interface BrokerStatus {
  mode: 'embedded' | 'external' | 'off';
  state: 'listening' | 'connected' | 'connecting' | 'busy' | 'failed' | 'off';
  port?: number;
  url?: string;
  message?: string;
}

export interface Transport {
  readonly status: BrokerStatus;
  start(): Promise<void>;
  /** Sends an instruction down to a gateway; false when it cannot be sent now. */
  publish(topic: string, payload: string): Promise<boolean>;
  close(): Promise<void>;
}

const authError = (message: string): AuthenticateError =>
  Object.assign(new Error(message), { returnCode: 4 as const }) as AuthenticateError;

/**
 * The broker inside the server (aedes on MQTT_PORT): a gateway logs in with its client id as both MQTT client
 * id and user name and its secret as password, publishes only `gw/<its id>/up/<device>` and `gw/<its id>/ack`,
 * and subscribes only under `gw/<its id>/cmd/`; anything else is refused (a publish elsewhere closes its
 * connection, a subscription elsewhere is answered 128). A port in use is reported, never fatal.
 */
export class EmbeddedBroker implements Transport {
  status: BrokerStatus;
  private broker: Aedes | null = null;
  private server: net.Server | null = null;

  constructor(
    private readonly ingest: Ingest,
    private readonly log: FastifyBaseLogger,
    private readonly port: number,
    private readonly host = '0.0.0.0',
  ) {
    this.status = { mode: 'embedded', state: 'connecting', port };
  }

  /** The port listened on (the one given, or the one the system chose for 0 in tests). */
  get boundPort(): number | null {
    const a = this.server?.address();
    return a && typeof a === 'object' ? a.port : null;
  }

  async start(): Promise<void> {
    const ingest = this.ingest;
    const broker = await Aedes.createBroker({
      authenticate: (client, username, password, done) => {
        const id = String(client.id ?? '');
        if (!username || username !== id || tenantOfClientId(id) === null || !password)
          return done(authError('bad credentials'), false);
        ingest.directory.forget(id);
        ingest.directory
          .get(id)
          .then((g) => {
            if (g && secretMatches(password.toString('utf8'), g.secretHash)) done(null, true);
            else done(authError('bad credentials'), false);
          })
          .catch(() => done(authError('unavailable'), false));
      },
      // The message is taken here, before aedes answers it: aedes sends a QoS 1 PUBACK before it publishes (and
      // emits 'publish'), so a stop or a kill between the two lost readings the gateway had been told were taken.
      // Answered once the reading is in the writer's buffer, an acknowledged reading is lost only by a kill -9,
      // and then only within the flush interval (kill.test.ts).
      authorizePublish: (client, packet, callback) => {
        if (!client) return callback(null);
        const own = packet.topic === `gw/${client.id}/ack` || packet.topic.startsWith(`gw/${client.id}/up/`);
        if (!own) return callback(new Error('topic not allowed'));
        ingest.handle(client.id, packet.topic, packet.payload as Buffer).then(
          () => callback(null),
          (err) => {
            this.log.warn({ err }, 'machine data message failed');
            callback(null);
          },
        );
      },
      authorizeSubscribe: (client, sub, callback) => {
        callback(null, sub.topic.startsWith(`gw/${client.id}/cmd/`) ? sub : null);
      },
    });
    this.broker = broker;
    const server = net.createServer((socket) => broker.handle(socket));
    this.server = server;
    await new Promise<void>((resolve) => {
      server.once('error', (err: NodeJS.ErrnoException) => {
        const busy = err.code === 'EADDRINUSE';
        this.status = {
          mode: 'embedded',
          state: busy ? 'busy' : 'failed',
          port: this.port,
          message: busy
            ? `MQTT port ${this.port} is in use by another program; machine data over MQTT is off. Set MQTT_PORT to a free port (0 turns the broker off) or MQTT_URL to use that broker.`
            : err.message,
        };
        this.log.warn({ port: this.port }, this.status.message!);
        this.server = null;
        resolve();
      });
      server.listen(this.port, this.host, () => {
        this.status = { mode: 'embedded', state: 'listening', port: this.boundPort ?? this.port };
        this.log.info({ port: this.status.port }, 'MQTT broker listening');
        resolve();
      });
    });
  }

  async publish(topic: string, payload: string): Promise<boolean> {
    const broker = this.broker;
    if (!broker || this.status.state !== 'listening') return false;
    return new Promise((resolve) =>
      broker.publish(
        { cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false },
        (err) => resolve(!err),
      ),
    );
  }

  /**
   * Stops taking connections, then closes the broker, which ends the gateways' connections: the listening
   * socket's close waits for those, so waiting for it first would hang a stop while a gateway stays connected.
   */
  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    const closed = server ? new Promise<void>((r) => server.close(() => r())) : Promise.resolve();
    const broker = this.broker;
    this.broker = null;
    if (broker) await new Promise<void>((r) => broker.close(() => r()));
    await closed;
  }
}

/** The subscriptions of the server on an external broker: shared, so several servers split the stream. */
export const shared = (group: string) => [`$share/${group}/gw/+/up/+`, `$share/${group}/gw/+/ack`];

/**
 * An external broker (MQTT_URL: Mosquitto, EMQX). The broker authenticates the gateways (its own users and
 * ACLs); the server subscribes with MQTT 5 shared subscriptions and takes a message only when its topic names a
 * gateway of the tenant that client id belongs to. It reconnects by itself after a broker restart.
 */
export class ExternalBroker implements Transport {
  status: BrokerStatus;
  private client: MqttClient | null = null;

  constructor(
    private readonly ingest: Ingest,
    private readonly log: FastifyBaseLogger,
    private readonly url: string,
    private readonly group = 'eam',
  ) {
    this.status = { mode: 'external', state: 'connecting', url: safeUrl(url) };
  }

  async start(): Promise<void> {
    const client = mqtt.connect(this.url, {
      protocolVersion: 5,
      clientId: `eam-server-${randomBytes(6).toString('hex')}`,
      reconnectPeriod: 1000,
      connectTimeout: 5000,
      clean: true,
    });
    this.client = client;
    client.on('connect', () => {
      // Connected once the shared subscriptions stand (a clean session makes them again after each reconnect).
      client.subscribe(shared(this.group), { qos: 1 }, (err) => {
        if (err) {
          this.status = { mode: 'external', state: 'failed', url: safeUrl(this.url), message: err.message };
          this.log.warn({ err }, 'subscribing to the machine data topics failed');
        } else this.status = { mode: 'external', state: 'connected', url: safeUrl(this.url) };
      });
    });
    client.on('reconnect', () => {
      this.status = { mode: 'external', state: 'connecting', url: safeUrl(this.url) };
    });
    client.on('error', (err) => {
      this.status = { mode: 'external', state: 'failed', url: safeUrl(this.url), message: err.message };
    });
    client.on('message', (topic, payload) => {
      const clientId = topic.split('/')[1] ?? '';
      void this.ingest.handle(clientId, topic, payload).catch((err) => {
        this.log.warn({ err }, 'machine data message failed');
      });
    });
  }

  async publish(topic: string, payload: string): Promise<boolean> {
    const client = this.client;
    if (!client?.connected) return false;
    return new Promise((resolve) => client.publish(topic, payload, { qos: 1 }, (err) => resolve(!err)));
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (client) await client.endAsync(true).catch(() => undefined);
  }
}

/** The URL without its password, for /health and logs. */
function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'mqtt://(invalid)';
  }
}
