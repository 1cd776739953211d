import type { FastifyBaseLogger } from 'fastify';
import type { Directory, GatewayInfo } from './directory.js';
import { parsePayload, type Rejection, runStateOf } from './payload.js';
import type { StateChange } from './states.js';
import type { HistoryWriter } from './writer.js';

/**
 * Topics (README "Machine data"): a gateway publishes readings of a device on `gw/<client id>/up/<device code>`
 * and its answers to instructions on `gw/<client id>/ack`; it subscribes to `gw/<client id>/cmd/#`, where the
 * server sends instructions (`.../cmd/<device code>`).
 */
export const TOPIC = /^gw\/([^/]{1,80})\/(up\/([^/]{1,50})|ack)$/;
export const upTopic = (clientId: string, device: string) => `gw/${clientId}/up/${device}`;
export const cmdTopic = (clientId: string, device: string) => `gw/${clientId}/cmd/${device}`;

/** Messages a gateway may send a second, and as many more at once (a token bucket per gateway). */
export const DEFAULT_RATE = 1000;

export type Outcome = 'taken' | 'partly' | Rejection | 'unknownGateway' | 'unknownDevice' | 'topic' | 'flood' | 'ack';

export type AckHandler = (gateway: GatewayInfo, payload: Buffer | string) => Promise<boolean>;

/**
 * The ingest pipeline, the same for every way in (embedded broker, external broker, HTTP, Modbus polling):
 * find the gateway the topic names, the device and its tags, check the payload, hand the points to the
 * writer's buffer. A gateway's bad or excessive messages are counted as refused and never hold up another's.
 */
export class Ingest {
  private readonly buckets = new Map<number, { tokens: number; at: number }>();
  /** A gateway's answers are handled one after the other, in the order they came (acknowledged before done). */
  private readonly answers = new Map<number, Promise<unknown>>();
  onAck: AckHandler | null = null;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    readonly directory: Directory,
    readonly writer: HistoryWriter,
    private readonly log: FastifyBaseLogger,
    private readonly rate = DEFAULT_RATE,
  ) {}

  private allowed(gateway: GatewayInfo): boolean {
    const now = Date.now();
    const key = gateway.tenantId * 1e6 + gateway.id;
    const b = this.buckets.get(key) ?? { tokens: this.rate * 2, at: now };
    b.tokens = Math.min(this.rate * 2, b.tokens + ((now - b.at) / 1000) * this.rate);
    b.at = now;
    this.buckets.set(key, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  /** One message of a gateway whose client id the caller has established (broker login, HTTP credentials). */
  handle(clientId: string, topic: string, payload: Buffer | string, known?: GatewayInfo): Promise<Outcome> {
    const work = this.take(clientId, topic, payload, known);
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    this.inFlight.add(settled);
    void settled.then(() => this.inFlight.delete(settled));
    return work;
  }

  /**
   * Waits for the messages being handled (one may wait for its gateway to be read from the database): a stop
   * closes the broker, drains these, and only then writes the buffer, so a reading the broker acknowledged is kept.
   */
  async drain(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }

  private async take(clientId: string, topic: string, payload: Buffer | string, known?: GatewayInfo): Promise<Outcome> {
    const m = TOPIC.exec(topic);
    if (!m || m[1] !== clientId) return 'topic';
    const gateway = known ?? (await this.directory.get(clientId));
    if (!gateway) return 'unknownGateway';
    const refuse = (why: Outcome): Outcome => {
      this.writer.add(gateway.tenantId, gateway.id, [], { rejected: true });
      return why;
    };
    if (!this.allowed(gateway)) return refuse('flood');
    if (m[2] === 'ack') {
      const key = gateway.tenantId * 1e6 + gateway.id;
      const previous = this.answers.get(key) ?? Promise.resolve();
      const next = previous.then(() => this.onAck?.(gateway, payload) ?? false);
      const settled = next.catch(() => undefined);
      this.answers.set(key, settled);
      void settled.then(() => {
        if (this.answers.get(key) === settled) this.answers.delete(key);
      });
      const done = await next.catch((err) => {
        this.log.warn({ err }, 'instruction answer failed');
        return false;
      });
      if (!done) return refuse('shape');
      this.writer.add(gateway.tenantId, gateway.id, [], { rejected: false });
      return 'ack';
    }
    const device = gateway.devices.get(m[3]!);
    if (!device) return refuse('unknownDevice');
    const parsed = parsePayload(payload, device.tags);
    const states: StateChange[] = [];
    if (device.runTag)
      for (const p of parsed.points) {
        if (p.tagId !== device.runTag.id) continue;
        const state = runStateOf(device.runTag, p.v);
        if (state) states.push({ ts: p.ts, state });
      }
    this.writer.add(gateway.tenantId, gateway.id, parsed.points, {
      rejected: parsed.rejected !== null,
      deviceId: device.id,
      states,
    });
    return parsed.rejected === null ? 'taken' : parsed.points.length ? 'partly' : parsed.rejected;
  }
}
