import type { ButtonSeed, MenuSeed } from './menu-types.js';

/*
 * The seeded menu tree of the whole product (spec 2.5, 2.6, 6).
 * Titles live in locales/<lang>/menu.json (menu keys) and locales/<lang>/button.json (button actions).
 * A button's permission code is `<key with ':' for '.'>:<action>` unless `code` is given.
 */

/** Buttons from action names; every page gets 'view' first. */
const btn = (...actions: string[]): ButtonSeed[] => ['view', ...actions].map((action) => ({ action }));
/** An entity page: view, add, edit, delete, import, export, plus extra actions. */
const crud = (...extra: string[]): ButtonSeed[] => btn('add', 'edit', 'delete', 'import', 'export', ...extra);
/** A configuration page without import/export: view, add, edit, delete, plus extra actions. */
const basic = (...extra: string[]): ButtonSeed[] => btn('add', 'edit', 'delete', ...extra);
/** A report page: view and export. */
const report = (): ButtonSeed[] => btn('export');
/** A work-order task page. */
const task = (...extra: string[]): ButtonSeed[] =>
  btn(...extra, 'assign', 'execute', 'audit', 'close', 'print', 'export');
/** A plan page: tasks are generated from it and it can be switched on or off. */
const plan = (...extra: string[]): ButtonSeed[] =>
  btn('add', 'edit', 'delete', 'enable', 'generate', 'export', ...extra);

/** The work order's workflow steps (production/workflow.ts) and its split. */
const ORDER_STEPS = ['release', 'start', 'finish', 'close', 'cancel', 'split'];

export const menuTree: MenuSeed[] = [
  { key: 'workboard', url: '/workboard', icon: 'DashboardOutlined', buttons: btn() },
  {
    key: 'admin',
    icon: 'CrownOutlined',
    platformOnly: true,
    children: [
      { key: 'admin.menu', url: '/admin/menu', buttons: basic('addButton', 'deleteButton') },
      { key: 'admin.company', url: '/admin/company', buttons: btn('add', 'edit', 'setMenu', 'enable') },
      { key: 'admin.timetask', url: '/admin/timetask', buttons: basic('enable', 'execute') },
      { key: 'admin.companyAuthorize', url: '/admin/companyAuthorize', buttons: btn('setMenu', 'authorize', 'revoke') },
    ],
  },
  {
    key: 'operatesys',
    icon: 'CloudServerOutlined',
    platformOnly: true,
    children: [
      { key: 'operatesys.usecase', url: '/operatesys/usecase', buttons: report() },
      { key: 'operatesys.usecase_detail', url: '/operatesys/usecase_detail', buttons: report() },
      { key: 'operatesys.notice', url: '/operatesys/notice', buttons: basic() },
      { key: 'operatesys.picture', url: '/operatesys/picture', buttons: basic() },
      {
        key: 'operatesys.version',
        url: '/operatesys/version',
        buttons: basic('setDefault', 'setMenu', 'moveCompanies'),
      },
      { key: 'operatesys.feedback', url: '/operatesys/feedback', buttons: btn('answer', 'close') },
    ],
  },
  {
    key: 'setUp',
    icon: 'SettingOutlined',
    children: [
      { key: 'setUp.workshop', url: '/setUp/workshop', buttons: crud() },
      { key: 'setUp.organize', url: '/setUp/organize', buttons: crud('enable', 'resetPassword') },
      { key: 'setUp.team', url: '/setUp/team', buttons: crud('assignUsers') },
      { key: 'setUp.warehouse', url: '/setUp/warehouse', buttons: crud('enable') },
      { key: 'setUp.role', url: '/setUp/role', buttons: basic('setMenu', 'assignUsers') },
      { key: 'setUp.scheduling', url: '/setUp/scheduling', buttons: crud() },
      { key: 'setUp.schedulingEquipment', url: '/setUp/schedulingEquipment', buttons: crud() },
      { key: 'setUp.dictionary', url: '/setUp/dictionary', buttons: basic() },
      { key: 'setUp.repair', url: '/setUp/repair', hidden: true, buttons: btn('edit') },
      { key: 'setUp.production', url: '/setUp/production', hidden: true, buttons: btn('edit') },
      { key: 'setUp.shifts', url: '/setUp/shifts', hidden: true, buttons: basic() },
      { key: 'setUp.message', url: '/setUp/message', buttons: btn('edit', 'enable') },
      { key: 'setUp.appversion', url: '/setUp/appversion', buttons: basic() },
      { key: 'setUp.process', url: '/setUp/process', buttons: basic('design', 'enable') },
      { key: 'setUp.field', url: '/setUp/field', buttons: basic('enable') },
      { key: 'setUp.diyform', url: '/setUp/diyform', buttons: basic('design', 'enable') },
      { key: 'setUp.labelmodel', url: '/labelmodel/index', buttons: basic() },
      { key: 'setUp.apiKey', url: '/setUp/apiKey', buttons: btn('add', 'revokeKey') },
      { key: 'setUp.webhook', url: '/setUp/webhook', buttons: basic('testSend') },
    ],
  },
  {
    key: 'equipment',
    icon: 'DatabaseOutlined',
    children: [
      { key: 'equipment.machine', url: '/equipment/machine/1', buttons: crud() },
      { key: 'equipment.ledger', url: '/equipment/ledger/1', buttons: crud('print', 'scrap', 'allot', 'count') },
      { key: 'equipment.allot', url: '/equipment/allot', buttons: basic('audit', 'recall', 'export') },
      { key: 'equipment.pictures', url: '/equipment/pictures', buttons: crud() },
    ],
  },
  {
    key: 'eqmold',
    icon: 'AppstoreOutlined',
    children: [
      { key: 'eqmold.eqmoldlist', url: '/eqmold/eqmoldlist/2', buttons: crud('print', 'mount', 'unmount', 'scrap') },
      { key: 'eqmold.eqcategory', url: '/eqmold/eqcategory/2', buttons: crud() },
      { key: 'eqmold.moldRecords', url: '/eqmold/moldRecords', buttons: report() },
      { key: 'eqmold.scrap', url: '/eqmold/scrap', buttons: btn('audit', 'recall', 'export') },
    ],
  },
  {
    key: 'check',
    icon: 'CheckSquareOutlined',
    children: [
      { key: 'check.spotcheck', url: '/check/spotcheck/2', buttons: crud() },
      { key: 'check.spotcheckmethod', url: '/check/spotcheckmethod/2', buttons: crud() },
      { key: 'check.spotcheckPlan', url: '/check/spotcheckPlan/2', buttons: plan('preview') },
      { key: 'check.task', url: '/check/task/2', buttons: task() },
      { key: 'check.checktaskStatistic', url: '/check/checktaskStatistic/2', buttons: report() },
    ],
  },
  {
    key: 'patrol',
    icon: 'EnvironmentOutlined',
    children: [
      { key: 'patrol.project', url: '/patrol/project/1', buttons: crud() },
      { key: 'patrol.programme', url: '/patrol/programme/1', buttons: crud() },
      { key: 'patrol.plan', url: '/patrol/plan', buttons: plan() },
      { key: 'patrol.task', url: '/patrol/task/1', buttons: task() },
    ],
  },
  {
    key: 'maintain',
    icon: 'SafetyCertificateOutlined',
    children: [
      { key: 'maintain.project', url: '/maintain/project/3', buttons: crud() },
      { key: 'maintain.programme', url: '/maintain/programme/3', buttons: crud() },
      { key: 'maintain.plan', url: '/maintain/plan/3', buttons: plan() },
      { key: 'maintain.task', url: '/maintain/task/2', buttons: task() },
      { key: 'maintain.byScan', url: '/maintain/byScan', buttons: btn('execute') },
      { key: 'maintain.qualification', url: '/maintain/qualification', buttons: crud('invalidate', 'print') },
      { key: 'maintain.eqptmt', url: '/maintain/eqptmt', buttons: crud() },
      { key: 'maintain.maintainres', url: '/maintain/maintainres', buttons: crud() },
    ],
  },
  {
    key: 'repair_admin',
    icon: 'ToolOutlined',
    children: [
      { key: 'repair_admin.task', url: '/repair_admin/task/0', buttons: task('add', 'edit', 'delete') },
      {
        key: 'repair_admin.external',
        url: '/repair_admin/external',
        buttons: btn('add', 'edit', 'delete', 'export', 'quote', 'audit', 'execute', 'accept', 'cancel'),
      },
      { key: 'repair_admin.vendor', url: '/repair_admin/vendor', buttons: crud() },
    ],
  },
  {
    key: 'project',
    url: '/project/index',
    icon: 'ProjectOutlined',
    buttons: btn('add', 'edit', 'delete', 'execute', 'audit', 'export'),
  },
  { key: 'experience', url: '/experience/index', icon: 'BookOutlined', buttons: crud() },
  {
    key: 'spare',
    icon: 'InboxOutlined',
    children: [
      { key: 'spare.detailed', url: '/spare/detailed', buttons: crud('print') },
      {
        key: 'spare.stock',
        url: '/spare/stock',
        buttons: btn('stockIn', 'stockOut', 'transfer', 'stocktake', 'export'),
      },
      { key: 'spare.in', url: '/spare/in', buttons: basic('stockIn', 'recall', 'export') },
      { key: 'spare.out', url: '/spare/out', buttons: basic('stockOut', 'recall', 'export') },
      { key: 'spare.allot', url: '/spare/allot', buttons: basic('transfer', 'recall', 'export') },
      { key: 'spare.audit', url: '/spare/audit', buttons: btn('audit', 'export') },
      { key: 'spare.meaning', url: '/spare/meaning', buttons: crud() },
      { key: 'spare.inbound', url: '/spare/inbound', buttons: btn('stockIn', 'recall', 'export') },
      { key: 'spare.outbound', url: '/spare/outbound', buttons: btn('recall', 'export') },
      { key: 'spare.transfer', url: '/spare/transfer', buttons: btn('recall', 'export') },
      { key: 'spare.review', url: '/spare/review', buttons: report() },
    ],
  },
  {
    key: 'production',
    icon: 'ApartmentOutlined',
    children: [
      { key: 'production.planWork', url: '/production/planWork', buttons: crud(...ORDER_STEPS) },
      { key: 'production.planTask', url: '/production/planTask', buttons: basic('schedule', 'export') },
      { key: 'production.report', url: '/production/report', buttons: btn('add', 'export') },
      { key: 'production.material', url: '/production/material', buttons: crud() },
      { key: 'production.bom', url: '/production/bom', buttons: crud() },
      { key: 'production.procedure', url: '/production/procedure', buttons: crud() },
      { key: 'production.station', url: '/production/station', buttons: crud() },
      { key: 'production.routing', url: '/production/routing', buttons: crud('design') },
      { key: 'production.reports', url: '/production/reports', buttons: report() },
    ],
  },
  { key: 'energy', url: '/energy/list', icon: 'ThunderboltOutlined', buttons: crud('read', 'print') },
  {
    key: 'das',
    icon: 'ApiOutlined',
    children: [
      { key: 'das.gateway', url: '/das/gateway', buttons: basic('export', 'rotate') },
      { key: 'das.device', url: '/das/device', buttons: crud() },
      { key: 'das.instruction', url: '/das/instruction', buttons: btn('send', 'export') },
      { key: 'das.alarmrule', url: '/das/alarmrule', buttons: crud() },
      { key: 'das.alarm', url: '/das/alarm', buttons: btn('acknowledge', 'export') },
      { key: 'das.mining', url: '/plateDataMining', buttons: btn() },
    ],
  },
  {
    key: 'reportform',
    icon: 'BarChartOutlined',
    children: [
      { key: 'reportform.equipmentChart', url: '/reportform/equipmentChart', buttons: report() },
      { key: 'reportform.workshopChart', url: '/reportform/workshopChart/ft', buttons: report() },
      { key: 'reportform.faultReasonChart', url: '/reportform/faultReasonChart/fr', buttons: report() },
      { key: 'reportform.faultRateChart', url: '/reportform/faultRateChart', buttons: report() },
      { key: 'reportform.equipmentBYChart', url: '/reportform/equipmentBYChart', buttons: report() },
      { key: 'reportform.maintenanceTable', url: '/reportform/maintenanceTable', buttons: report() },
      { key: 'reportform.spareChart', url: '/reportform/spareChart', buttons: report() },
      { key: 'reportform.sparecostList', url: '/reportform/sparecostList', buttons: report() },
      { key: 'reportform.replace', url: '/reportform/replace', buttons: report() },
      { key: 'reportform.mtchart', url: '/reportform/mtchart', buttons: report() },
      { key: 'reportform.oeechart', url: '/reportform/oeechart', buttons: report() },
      { key: 'reportform.externalCost', url: '/reportform/externalCost', buttons: report() },
    ],
  },
  { key: 'log', url: '/log/loglist', icon: 'FileTextOutlined', buttons: report() },
  {
    key: 'integral',
    icon: 'TrophyOutlined',
    children: [
      { key: 'integral.model', url: '/integral/model', buttons: basic() },
      { key: 'integral.set', url: '/integral/set', buttons: basic() },
      { key: 'integral.ledger', url: '/integral/ledger', buttons: btn('adjust', 'export') },
    ],
  },
  {
    key: 'healthSurvey',
    icon: 'HeartOutlined',
    children: [
      {
        key: 'healthSurvey.index',
        url: '/healthSurvey/index',
        buttons: btn('add', 'edit', 'delete', 'export', 'link'),
      },
    ],
  },
  // Hidden pages reached from the navbar; they carry the spec's fixed permission codes (spec 2.3, 6).
  {
    key: 'info',
    url: '/info/index',
    icon: 'InfoCircleOutlined',
    hidden: true,
    operatorToo: true,
    buttons: [...btn(), { action: 'manage', code: 'back:company:manage' }],
  },
  {
    key: 'design',
    url: '/design/scan',
    icon: 'QrcodeOutlined',
    hidden: true,
    buttons: [...btn(), { action: 'designScan', code: 'back:design:scan' }],
  },
  {
    key: 'mes',
    icon: 'BellOutlined',
    hidden: true,
    operatorToo: true,
    children: [{ key: 'mes.message', url: '/mes/message', hidden: true, buttons: btn('edit', 'delete') }],
  },
];
