import type { FastifyInstance } from 'fastify';
import { anonymousTenant } from '../../platform/system/anonymous.js';
import { EmbeddedBroker, ExternalBroker, type Transport } from './broker.js';
import { startDemoLive } from './demo-live.js';
import { Directory, type OpenTenant } from './directory.js';
import { Ingest } from './ingest.js';
import { HistoryWriter } from './writer.js';

/** The machine-data pipeline of one server: directory of gateways, ingest, history writer, broker. */
export interface DasRuntime {
  directory: Directory;
  writer: HistoryWriter;
  ingest: Ingest;
  /** The broker side (embedded, external or none when MQTT_PORT=0 and no MQTT_URL). */
  transport: Transport | null;
  open: OpenTenant;
}

declare module 'fastify' {
  interface FastifyInstance {
    das: DasRuntime;
  }
}

/**
 * Builds the pipeline and ties it to the server's life: the broker starts when the server is ready; on close
 * the broker stops first (no new points), the messages being handled are finished, then the writer writes what it
 * holds (a clean stop loses no point).
 */
export function attachDas(app: FastifyInstance): DasRuntime {
  const open: OpenTenant = (tenantId, fn) => anonymousTenant(app, tenantId, fn);
  const directory = new Directory(open);
  const writer = new HistoryWriter(open, app.log, app.config.dasBufferPoints);
  const ingest = new Ingest(directory, writer, app.log, app.config.dasGatewayRate);
  const { mqttUrl, mqttPort, mqttHost } = app.config;
  const transport: Transport | null = mqttUrl
    ? new ExternalBroker(ingest, app.log, mqttUrl, app.config.mqttShareGroup)
    : mqttPort > 0
      ? new EmbeddedBroker(ingest, app.log, mqttPort, mqttHost)
      : null;
  const das: DasRuntime = { directory, writer, ingest, transport, open };
  app.decorate('das', das);
  app.healthParts.mqtt = () => transport?.status ?? { mode: 'off', state: 'off' };
  app.healthParts.machineData = () => ({
    buffered: writer.pending,
    dropped: writer.dropped,
    written: writer.written,
    lastWriteMs: writer.lastWriteMs,
    slowestWriteMs: writer.slowestWriteMs,
  });
  let stopDemo: () => Promise<void> = async () => undefined;
  app.addHook('onReady', async () => {
    await transport?.start();
    if (app.config.dasDemoLive)
      stopDemo = await startDemoLive(app).catch((err) => {
        app.log.warn({ err }, 'the live demo machines did not start');
        return async () => undefined;
      });
  });
  app.addHook('onClose', async () => {
    await stopDemo();
    await transport?.close();
    await ingest.drain();
    await writer.close();
  });
  return das;
}
