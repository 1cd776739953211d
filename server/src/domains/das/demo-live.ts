import type { FastifyInstance } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { anonymousTenant } from '../../platform/system/anonymous.js';
import { EmbeddedBroker } from './broker.js';
import { DEMO_GATEWAY_PREFIX } from './demo.js';
import { hashSecret, newSecret } from './gateway-secret.js';
import { upTopic } from './ingest.js';
import { MachineSim, random } from './machine-sim.js';

const EVERY_S = 5;

interface DemoGateway {
  clientId: string;
  secret: string;
  devices: { code: string; sim: MachineSim }[];
}

/**
 * DAS_DEMO_LIVE (on by default with the embedded database): the demo factory's gateways keep publishing through
 * the embedded broker as real MQTT clients, every five seconds, so a new user sees live machines, their states
 * and alarms. Each start gives the demo gateways new secrets, known only to this process. Returns a stop function.
 */
export async function startDemoLive(app: FastifyInstance): Promise<() => Promise<void>> {
  const transport = app.das.transport;
  if (!(transport instanceof EmbeddedBroker) || transport.status.state !== 'listening' || !transport.boundPort)
    return async () => undefined;
  // The demo company by its code; companies are a platform table every tenant transaction may read.
  const demo = await anonymousTenant(app, 0, (tx) =>
    tx.query<{ id: number }>("select id from companies where code = 'demo' and not is_platform"),
  );
  const tenantId = demo.rows[0] ? Number(demo.rows[0].id) : null;
  if (tenantId === null) return async () => undefined;
  const gateways: DemoGateway[] = await anonymousTenant(app, tenantId, async (tx) => {
    const rows = await tx.query<{
      id: number;
      client_id: string;
      device: string | null;
      count: number | null;
      energy: number | null;
      hours: number | null;
    }>(
      `select g.id, g.client_id, d.code as device,
              (select l.v from das_latest l join das_tags t on t.tenant_id = l.tenant_id and t.id = l.tag_id
                where t.tenant_id = d.tenant_id and t.device_id = d.id and t.key = 'count') as count,
              (select l.v from das_latest l join das_tags t on t.tenant_id = l.tenant_id and t.id = l.tag_id
                where t.tenant_id = d.tenant_id and t.device_id = d.id and t.key = 'energy') as energy,
              (select l.v from das_latest l join das_tags t on t.tenant_id = l.tenant_id and t.id = l.tag_id
                where t.tenant_id = d.tenant_id and t.device_id = d.id and t.key = 'hours') as hours
         from das_gateways g left join das_devices d on d.tenant_id = g.tenant_id and d.gateway_id = g.id and d.deleted_at is null
        where g.tenant_id = $1 and g.deleted_at is null and g.code like $2 order by g.id, d.code`,
      [tx.tenantId, `${DEMO_GATEWAY_PREFIX}%`],
    );
    const byId = new Map<number, DemoGateway>();
    for (const r of rows.rows) {
      let g = byId.get(Number(r.id));
      if (!g) {
        const secret = newSecret();
        await tx.query('update das_gateways set secret_hash = $3 where tenant_id = $1 and id = $2', [
          tx.tenantId,
          r.id,
          hashSecret(secret),
        ]);
        g = { clientId: r.client_id, secret, devices: [] };
        byId.set(Number(r.id), g);
      }
      if (!r.device) continue;
      const sim = new MachineSim(random(Number(r.id) * 31 + g.devices.length));
      sim.count = Number(r.count ?? 0);
      sim.good = Math.round(sim.count * 0.97);
      sim.energy = Number(r.energy ?? 0);
      sim.hours = Number(r.hours ?? 0);
      g.devices.push({ code: r.device, sim });
    }
    return [...byId.values()];
  });
  const clients: MqttClient[] = [];
  const timers: NodeJS.Timeout[] = [];
  for (const g of gateways) {
    app.das.directory.forget(g.clientId);
    const client = mqtt.connect(`mqtt://127.0.0.1:${transport.boundPort}`, {
      clientId: g.clientId,
      username: g.clientId,
      password: g.secret,
      reconnectPeriod: 5000,
    });
    client.on('error', () => undefined);
    clients.push(client);
    timers.push(
      setInterval(() => {
        if (!client.connected) return;
        const ts = Date.now();
        for (const d of g.devices)
          client.publish(upTopic(g.clientId, d.code), JSON.stringify({ ts, values: d.sim.step(ts, EVERY_S) }), {
            qos: 0,
          });
      }, EVERY_S * 1000),
    );
  }
  app.log.info({ gateways: gateways.length }, 'demo machines publishing through the embedded broker');
  return async () => {
    for (const t of timers) clearInterval(t);
    await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
  };
}
