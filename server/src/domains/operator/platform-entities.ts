import { definePlatformEntity } from '../../platform/resources/platform-entity.js';

/*
 * The operator's platform tables, declared for the engine's platform scope (resources/platform-entity.ts): the
 * routes read and write them through req.platform by these declarations, audited, behind the operator codes.
 */

/** Feedback a tenant's user sent (a row of that tenant, managed by the operator). States: 0 open, 1 answered, 2 closed. */
export const feedbackEntity = definePlatformEntity({
  scope: 'platform',
  name: 'feedback',
  table: 'feedback',
  tenantColumn: 'tenant_id',
  permissions: {
    view: 'operatesys:feedback:view',
    answer: 'operatesys:feedback:answer',
    close: 'operatesys:feedback:close',
  },
  fields: [
    { name: 'id', type: 'integer' },
    { name: 'companyId', column: 'tenant_id', type: 'ref', filter: 'eq' },
    {
      name: 'companyName',
      type: 'string',
      computed: (t) => `select c.name from companies c where c.id = ${t}.tenant_id`,
    },
    {
      name: 'companyLanguage',
      type: 'string',
      hidden: true,
      computed: (t) => `select c.language from companies c where c.id = ${t}.tenant_id`,
    },
    { name: 'userId', type: 'ref', hidden: true },
    {
      name: 'username',
      type: 'string',
      computed: (t) => `select u.username from users u where u.tenant_id = ${t}.tenant_id and u.id = ${t}.user_id`,
    },
    {
      name: 'peoplename',
      type: 'string',
      computed: (t) => `select u.peoplename from users u where u.tenant_id = ${t}.tenant_id and u.id = ${t}.user_id`,
    },
    { name: 'content', type: 'text', filter: 'like' },
    { name: 'screenshot', type: 'string', hidden: true },
    { name: 'hasScreenshot', type: 'boolean', computed: (t) => `${t}.screenshot is not null` },
    { name: 'state', type: 'enum', filter: 'eq' },
    { name: 'answer', type: 'text' },
    { name: 'answeredAt', type: 'datetime' },
    { name: 'createdAt', type: 'datetime' },
  ],
  order: (t) => `${t}.state = 0 desc, ${t}.created_at desc, ${t}.id desc`,
});

/** Login backgrounds and banners; the chosen one of each kind is shown on the login page (public). */
export const pictureEntity = definePlatformEntity({
  scope: 'platform',
  name: 'picture',
  table: 'sys_pictures',
  permissions: {
    view: 'operatesys:picture:view',
    add: 'operatesys:picture:add',
    edit: 'operatesys:picture:edit',
    delete: 'operatesys:picture:delete',
  },
  fields: [
    { name: 'id', type: 'integer' },
    { name: 'kind', type: 'enum', filter: 'eq' },
    { name: 'name', type: 'string' },
    { name: 'chosen', type: 'boolean', filter: 'eq' },
    { name: 'createdAt', type: 'datetime' },
    { name: 'fileTenantId', type: 'ref', hidden: true },
    { name: 'fileId', type: 'ref', hidden: true },
  ],
  order: (t) => `${t}.created_at desc, ${t}.id desc`,
  publicFields: ['id', 'kind', 'chosen', 'fileTenantId', 'fileId'],
});

/** System announcements: the operator writes them, the users of the chosen companies (every one when none) read the latest. */
export const noticeEntity = definePlatformEntity({
  scope: 'platform',
  name: 'notice',
  table: 'sys_notices',
  permissions: {
    view: 'operatesys:notice:view',
    add: 'operatesys:notice:add',
    edit: 'operatesys:notice:edit',
    delete: 'operatesys:notice:delete',
  },
  fields: [
    { name: 'id', type: 'integer' },
    { name: 'title', type: 'string', filter: 'like' },
    { name: 'content', type: 'text', filter: 'like' },
    { name: 'state', type: 'enum', filter: 'eq' },
    { name: 'createdAt', type: 'datetime' },
    { name: 'updatedAt', type: 'datetime' },
    { name: 'companyIds', type: 'json' },
    {
      name: 'companyNames',
      type: 'json',
      computed: (t) => `select array_agg(c.name order by c.id) from companies c where c.id = any(${t}.company_ids)`,
    },
  ],
  order: (t) => `${t}.created_at desc, ${t}.id desc`,
});
