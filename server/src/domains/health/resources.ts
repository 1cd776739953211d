import { defineEntity } from '../../platform/resources/registry.js';
import type { EntityDef } from '../../platform/resources/types.js';
import { surveyHooks } from './rules.js';

/** The permission codes of the health registration page's buttons (menu healthSurvey.index). */
export const P = {
  view: 'healthSurvey:index:view',
  add: 'healthSurvey:index:add',
  edit: 'healthSurvey:index:edit',
  delete: 'healthSurvey:index:delete',
  export: 'healthSurvey:index:export',
  link: 'healthSurvey:index:link',
} as const;

const permissions: EntityDef['permissions'] = {
  view: P.view,
  add: P.add,
  edit: P.edit,
  delete: P.delete,
  import: P.add,
  export: P.export,
};

/** A body temperature from this value on is a fever (°C). */
export const FEVER_FROM = 37.3;
export const HEALTH_STATES = ['healthy', 'symptoms', 'isolated'] as const;
export const SOURCES = ['link', 'office'] as const;

/** A registration (alias t) that needs a look: a fever, or contact with a suspected or confirmed case. */
export const feverSql = (t: string) => `(${t}.temperature >= ${FEVER_FROM})`;
export const flaggedSql = (t: string) =>
  `(${t}.temperature >= ${FEVER_FROM} or ${t}.contact or ${t}.personal_health <> 'healthy' or ${t}.family_health <> 'healthy')`;

/**
 * The daily health registration (spec 1 "health surveys", 3.1's labels, 7.5 eqhealthsurvey): one per person and
 * day, filled in by the person through the tenant's public link (POST /health/addOrUpdateEqhealthSurvey) or by
 * the office on this page. A second registration of the same day updates the first.
 */
export const healthSurveyEntity = defineEntity({
  name: 'eqhealthsurvey',
  table: 'health_surveys',
  ns: 'health',
  prefix: '/api-manage/eqhealthsurvey',
  actions: ['page', 'all', 'get', 'save', 'update', 'del', 'exportexcel'],
  permissions,
  nameField: 'location',
  defaultSort: { field: 'registeredAt', dir: 'desc' },
  fields: [
    { name: 'userId', type: 'ref', ref: 'user', required: true, filter: 'eq', blocksDelete: false },
    {
      name: 'surveyDate',
      type: 'date',
      required: true,
      unique: true,
      uniqueWith: ['userId'],
      filter: 'range',
      sortable: true,
      messages: { unique: 'health.errors.alreadyRegistered' },
    },
    {
      name: 'registeredAt',
      type: 'datetime',
      required: true,
      readOnly: true,
      defaultNow: true,
      filter: 'range',
      sortable: true,
    },
    { name: 'organizationId', type: 'ref', ref: 'organization', filter: 'eq', onDelete: 'setNull' },
    {
      name: 'temperature',
      type: 'decimal',
      precision: 4,
      scale: 1,
      min: 34,
      max: 43,
      required: true,
      filter: 'range',
      sortable: true,
    },
    { name: 'personalHealth', type: 'enum', options: HEALTH_STATES, required: true, default: 'healthy', filter: 'eq' },
    { name: 'familyHealth', type: 'enum', options: HEALTH_STATES, required: true, default: 'healthy', filter: 'eq' },
    { name: 'contact', type: 'boolean', required: true, default: false, filter: 'eq' },
    { name: 'location', type: 'string', maxLength: 200, filter: 'like' },
    { name: 'source', type: 'enum', options: SOURCES, readOnly: true, default: 'office', filter: 'eq' },
    { name: 'fever', type: 'boolean', computed: feverSql, filter: 'eq' },
    { name: 'flagged', type: 'boolean', computed: flaggedSql, filter: 'eq' },
    { name: 'remark', type: 'string', maxLength: 500, list: false },
  ],
  hooks: surveyHooks,
});

export const healthEntities = [healthSurveyEntity];
