import { emitEvent } from '../events/emit.js';
import { hasKey, type Lang, t } from '../i18n/index.js';
import { entityTitle } from '../resources/model.js';
import { pushToUsers } from '../resources/push.js';
import { findEntity } from '../resources/registry.js';
import type { EntityDef, WireRow } from '../resources/types.js';
import type { TenantTx } from '../tenancy/tenant-tx.js';
import { actionLabel } from './labels.js';

/** The message key of a workflow step; its text is rendered when read, in the reader's language. */
export const STEP_MESSAGE = 'workflow.notify';

/** Transactions whose steps tell nobody (an import of past documents: their steps are history, not news). */
const quiet = new WeakSet<TenantTx>();
export function withoutMessages(tx: TenantTx): void {
  quiet.add(tx);
}

interface StepParams {
  entity: string;
  action: string;
  no: string;
  recordId: number;
}

/**
 * Tells people about a document's step: a row in their messages (the bell count), and a push to their open
 * tabs when the transaction commits. The members of the document's message type (msgtype code = entity
 * name, switched on) always hear; the acting user never does.
 */
export async function notifyStep(
  tx: TenantTx,
  def: EntityDef,
  row: WireRow,
  action: string,
  recipients: readonly number[],
): Promise<void> {
  if (quiet.has(tx)) return;
  const members = await tx.query<{ user_id: number }>(
    `select m.user_id from message_type_members m join message_types ty on ty.tenant_id = m.tenant_id and ty.id = m.msgtype_id
      where m.tenant_id = $1 and ty.code = $2 and ty.state = 1`,
    [tx.tenantId, def.workflow?.messageType ?? def.name],
  );
  const users = [...new Set([...recipients, ...members.rows.map((r) => r.user_id)].map(Number))].filter(
    (u) => Number.isSafeInteger(u) && u > 0 && u !== tx.userId,
  );
  if (users.length === 0) return emitEvent(tx, { def, row, action });
  const no = String(row[def.codeField ?? def.nameField] ?? row.id);
  const params: StepParams = { entity: def.name, action, no, recordId: Number(row.id) };
  const link = def.workflow?.link?.(row) ?? null;
  const written = await tx.query<{ id: number; user_id: number }>(
    `insert into messages(tenant_id, user_id, type_code, title, content, msg_key, msg_params, link)
     select $1, u, $3, $4, $5, $6, $7::jsonb, $8 from unnest($2::bigint[]) u returning id, user_id`,
    [tx.tenantId, users, def.name, renderTitle('zh', params), null, STEP_MESSAGE, JSON.stringify(params), link],
  );
  await pushToUsers(tx, users, { type: 'message', entity: def.name, id: Number(row.id) });
  // Webhooks and e-mail hear of the step in this transaction (platform/events).
  const direct = new Set(recipients.map(Number));
  const messages = written.rows.map((m) => ({
    id: Number(m.id),
    userId: Number(m.user_id),
    direct: direct.has(Number(m.user_id)),
  }));
  await emitEvent(tx, { def, row, action, messages });
}

function renderTitle(lang: Lang, p: StepParams): string {
  const def = findEntity(p.entity);
  if (!def) return p.no;
  return t(lang, 'workflow.notifyTitle', {
    doc: entityTitle(def, lang),
    no: p.no,
    action: actionLabel(def, p.action, lang),
  });
}

/** A tenant's wording of a message type's messages (msgtemplatetype), keyed by `<type>|<action>|<lang>`. */
export type MessageTemplates = ReadonlyMap<string, { title: string; content: string | null }>;

/** The message templates of the tenant (a handful of rows; read once per message list). */
export async function loadMessageTemplates(tx: TenantTx): Promise<MessageTemplates> {
  const r = await tx.query<{ code: string; action: string; lang: string; title: string; content: string | null }>(
    `select ty.code, m.action, m.lang, m.title, m.content from message_templates m
       join message_types ty on ty.tenant_id = m.tenant_id and ty.id = m.msgtype_id where m.tenant_id = $1`,
    [tx.tenantId],
  );
  return new Map(r.rows.map((x) => [`${x.code}|${x.action}|${x.lang}`, { title: x.title, content: x.content }]));
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(doc|no|action)\}/g, (_, k: string) => values[k] ?? '');

/**
 * A message's title and text in the reader's language: a workflow step's from the tenant's template for its
 * type, action and language when there is one, else the built-in wording; other messages as stored.
 */
export function messageText(
  lang: Lang,
  row: { title: string; content?: string | null; msg_key?: string | null; msg_params?: unknown },
  templates: MessageTemplates = new Map(),
): { title: string; content: string | null } {
  const content = row.content ?? null;
  // A platform notice with its own message key (a webhook switched off): its words in the reader's language.
  if (row.msg_key && row.msg_key !== STEP_MESSAGE && hasKey(row.msg_key, lang))
    return { title: t(lang, row.msg_key, (row.msg_params as Record<string, unknown> | null) ?? {}), content };
  if (row.msg_key !== STEP_MESSAGE || !row.msg_params || typeof row.msg_params !== 'object')
    return { title: row.title, content };
  const p = row.msg_params as StepParams;
  const def = findEntity(p.entity);
  const type = def?.workflow?.messageType ?? p.entity;
  const own = templates.get(`${type}|${p.action}|${lang}`) ?? templates.get(`${type}|*|${lang}`);
  if (!own || !def) return { title: renderTitle(lang, p), content };
  const values = { doc: entityTitle(def, lang), no: p.no, action: actionLabel(def, p.action, lang) };
  return { title: fill(own.title, values), content: own.content ? fill(own.content, values) : content };
}
