import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { t } from '../../platform/i18n/index.js';
import { staticModel } from '../../platform/resources/model.js';
import { bodySchema, envelope, recordSchema } from '../../platform/resources/openapi.js';
import { resourceRoutes } from '../../platform/resources/routes.js';
import type { WireRow } from '../../platform/resources/types.js';
import { workflowRoutes } from '../../platform/workflow/routes.js';
import { alarmEntity } from './alarm-resources.js';
import { scheduleAlarms } from './alarms.js';
import { dataRoutes } from './data-routes.js';
import { gatewayRoutes } from './gateway-routes.js';
import { ingestRoutes } from './ingest-routes.js';
import { answerInstruction, scheduleTimeouts, sendInstruction } from './instructions.js';
import { scheduleOffline, scheduleRetention } from './jobs.js';
import { miningRoutes } from './mining-routes.js';
import { scheduleModbus } from './modbus.js';
import { P } from './permissions.js';
import { dasEntities, instructionEntity } from './resources.js';
import { attachDas } from './runtime.js';

/** Data acquisition (spec 7.6 /api-das): gateways, devices and their tags, instructions, history, ingest. */
export const dasRoutes: FastifyPluginAsync = async (app) => {
  const das = attachDas(app);
  das.ingest.onAck = (gateway, payload) => das.open(gateway.tenantId, (tx) => answerInstruction(tx, gateway, payload));
  await app.register(resourceRoutes(dasEntities));
  await app.register(workflowRoutes([instructionEntity, alarmEntity]));
  await app.register(gatewayRoutes);
  await app.register(dataRoutes);
  await app.register(miningRoutes);
  await app.register(ingestRoutes);
  scheduleTimeouts(app);
  scheduleOffline(app);
  scheduleAlarms(app);
  scheduleRetention(app);
  scheduleModbus(app);

  const model = staticModel(instructionEntity);
  app.post<{ Body: WireRow }>(
    '/api-das/deviceinstructions/send',
    {
      config: { permission: P.instructionSend },
      attachValidation: true,
      schema: {
        tags: [instructionEntity.name],
        summary: 'deviceinstructions: send a command down to a device (write a tag or a set point)',
        body: bodySchema(model, false),
        response: { 200: envelope(recordSchema(model)) },
      },
    },
    async (req) => {
      const sent = await req.tenant((tx) => sendInstruction(tx, req.body ?? {}, req.lang));
      // After the commit: the gateway never hears of an instruction that was not recorded. Not delivered now (no
      // broker, gateway away), it times out.
      await das.transport?.publish(sent.topic, sent.payload);
      return ok(sent.row, t(req.lang, 'das.messages.sent', { code: sent.row.code }));
    },
  );
};

// Not encapsulated (as fastify-plugin does): the pipeline's decoration (app.das) is the server's, so tests and a
// second instance reach it.
Object.assign(dasRoutes, { [Symbol.for('skip-override')]: true });
