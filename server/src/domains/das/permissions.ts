/** The permission codes of the 数据采集 menu's buttons (menu das.gateway, das.device, das.instruction, das.alarm, das.mining). */
export const P = {
  gatewayView: 'das:gateway:view',
  gatewayAdd: 'das:gateway:add',
  gatewayEdit: 'das:gateway:edit',
  gatewayDelete: 'das:gateway:delete',
  gatewayExport: 'das:gateway:export',
  gatewayRotate: 'das:gateway:rotate',
  deviceView: 'das:device:view',
  deviceAdd: 'das:device:add',
  deviceEdit: 'das:device:edit',
  deviceDelete: 'das:device:delete',
  deviceImport: 'das:device:import',
  deviceExport: 'das:device:export',
  instructionView: 'das:instruction:view',
  instructionSend: 'das:instruction:send',
  instructionExport: 'das:instruction:export',
  ruleView: 'das:alarmrule:view',
  ruleAdd: 'das:alarmrule:add',
  ruleEdit: 'das:alarmrule:edit',
  ruleDelete: 'das:alarmrule:delete',
  ruleImport: 'das:alarmrule:import',
  ruleExport: 'das:alarmrule:export',
  alarmView: 'das:alarm:view',
  alarmAcknowledge: 'das:alarm:acknowledge',
  alarmExport: 'das:alarm:export',
  miningView: 'das:mining:view',
} as const;

/** Whoever may see a device's data (its live values, history, states and instructions). */
export const DEVICE_READ = [P.deviceView, P.deviceEdit, P.instructionView, P.instructionSend] as const;

/** Whoever may analyse a tag's history (/plateDataMining): a device reader or a holder of the mining menu. */
export const MINING_READ = [...DEVICE_READ, P.miningView] as const;
