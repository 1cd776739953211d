import type { Database } from '../db/index.js';
import { fillCheckDefinitions, fillCheckHistory } from '../domains/check/demo.js';
import { fillDasDemo } from '../domains/das/demo.js';
import { fillProjectDemo } from '../domains/diyform/project-demo.js';
import { fillEnergyDemo } from '../domains/energy/demo.js';
import { fillEquipmentDemo } from '../domains/equipment/demo.js';
import { fillUpkeepDemo } from '../domains/equipment/upkeep-demo.js';
import { fillExternalDemo } from '../domains/external/demo.js';
import { fillHealthDemo } from '../domains/health/demo.js';
import { fillIntegralDemo } from '../domains/integral/demo.js';
import { fillWarehouseDemo } from '../domains/plant/warehouse-demo.js';
import { fillPrintDemo } from '../domains/print/demo.js';
import { fillProductionDemo } from '../domains/production/demo.js';
import { fillQualificationDemo } from '../domains/qualification/demo.js';
import { fillRepairHistory } from '../domains/repair/demo.js';
import { fillSpareDemo } from '../domains/spare/demo.js';
import { fillWorkforceDemo } from '../domains/workforce/demo.js';
import { fillDemoAccounts } from '../domains/workforce/demo-accounts.js';

export interface DemoOptions {
  /** A year of worked history (repair orders, check tasks, spare movements); off in tests, which make their own. */
  history: boolean;
  /** The password of the demo accounts that may sign in (the administrator's). */
  password: string;
}

/**
 * One step of the demo factory's seed. A step is either one transaction (`madeIn` then names a table that holds a
 * row of the tenant once it committed: a step found made is not made again) or resumes by itself where an
 * interrupted run of it stopped. Whatever it says to the person starting the server is returned.
 */
export interface DemoStep {
  name: string;
  madeIn?: string;
  fill(db: Database, tenantId: number, opts: DemoOptions): Promise<string[] | undefined>;
}

const done = async () => undefined;

/** In the order they depend on each other: machines, stores and people, then the history of their work. */
export const DEMO_STEPS: DemoStep[] = [
  { name: 'equipment', madeIn: 'equipment', fill: (db, t) => fillEquipmentDemo(db, t).then(done) },
  { name: 'warehouses', madeIn: 'warehouses', fill: (db, t) => fillWarehouseDemo(db, t).then(done) },
  { name: 'workforce', madeIn: 'work_groups', fill: (db, t) => fillWorkforceDemo(db, t).then(done) },
  { name: 'accounts', fill: (db, t, o) => fillDemoAccounts(db, t, o.password) },
  { name: 'spare', madeIn: 'spare_docs', fill: (db, t, o) => fillSpareDemo(db, t, o.history).then(done) },
  {
    name: 'repairHistory',
    fill: (db, t, o) => (o.history ? fillRepairHistory(db, t, { resume: true }).then(done) : done()),
  },
  { name: 'check', madeIn: 'check_plans', fill: (db, t, o) => fillCheckDefinitions(db, t, o.history).then(done) },
  {
    name: 'checkHistory',
    fill: (db, t, o) => (o.history ? fillCheckHistory(db, t).then(done) : done()),
  },
  {
    name: 'production',
    madeIn: 'production_materials',
    fill: (db, t, o) => fillProductionDemo(db, t, o.history).then(done),
  },
  { name: 'health', madeIn: 'health_surveys', fill: (db, t) => fillHealthDemo(db, t).then(done) },
  {
    name: 'qualifications',
    madeIn: 'maintain_certificates',
    fill: (db, t) => fillQualificationDemo(db, t).then(done),
  },
  { name: 'upkeep', madeIn: 'maintenance_resources', fill: (db, t) => fillUpkeepDemo(db, t).then(done) },
  { name: 'external', madeIn: 'external_vendors', fill: (db, t) => fillExternalDemo(db, t).then(done) },
  { name: 'projects', madeIn: 'form_projects', fill: (db, t) => fillProjectDemo(db, t).then(done) },
  { name: 'integral', madeIn: 'integral_models', fill: (db, t) => fillIntegralDemo(db, t).then(done) },
  { name: 'printTemplates', madeIn: 'print_templates', fill: (db, t) => fillPrintDemo(db, t).then(done) },
  // The connected machines before the energy meters, two of which read their energy tags.
  { name: 'machineData', madeIn: 'das_gateways', fill: (db, t, o) => fillDasDemo(db, t, o.history).then(done) },
  { name: 'energy', madeIn: 'energy_meters', fill: (db, t, o) => fillEnergyDemo(db, t, o.history).then(done) },
];
