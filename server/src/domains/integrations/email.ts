import type { FastifyInstance } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { type BusinessEvent, onBusinessEvent } from '../../platform/events/emit.js';
import { isLang, type Lang, t } from '../../platform/i18n/index.js';
import type { Job } from '../../platform/jobs/runner.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { loadMessageTemplates, messageText } from '../../platform/workflow/notify.js';
import { fieldError } from './http.js';

/** The kinds of notice a person may also get by e-mail. */
export const KINDS = ['assigned', 'approval', 'overdue', 'alarm'] as const;
export type Kind = (typeof KINDS)[number];

/**
 * The kind of a notice to one person: an overdue document, an approval waiting for them, an alarm (an alarm
 * module's entity or event), else "assigned to me" when they were told by name (not as a member of the
 * document's message type). Null: not a notice anyone gets by e-mail.
 */
export function kindOf(e: BusinessEvent, direct: boolean): Kind | null {
  if (e.action === 'overdue') return 'overdue';
  if (e.action === 'approvalNext') return 'approval';
  if (e.name?.startsWith('alarm.') || /alarm/i.test(e.def.name)) return 'alarm';
  return direct ? 'assigned' : null;
}

/** An address nodemailer can send to: one @, no spaces or angle brackets, a dotted domain. */
const EMAIL = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;

export interface Preferences {
  kinds: Kind[];
  lang: Lang;
  email: string | null;
}

export async function myPreferences(tx: TenantTx, userId: number, lang: Lang): Promise<Preferences> {
  const r = await tx.query<{ kinds: string[] | null; lang: string | null; email: string | null }>(
    `select p.kinds, p.lang, u.email from users u
       left join email_preferences p on p.tenant_id = u.tenant_id and p.user_id = u.id
      where u.tenant_id = $1 and u.id = $2`,
    [tx.tenantId, userId],
  );
  const row = r.rows[0];
  return {
    kinds: (row?.kinds ?? []).filter((k): k is Kind => (KINDS as readonly string[]).includes(k)),
    lang: isLang(row?.lang) ? row.lang : lang,
    email: row?.email ?? null,
  };
}

export async function savePreferences(
  tx: TenantTx,
  userId: number,
  input: { kinds?: string[]; lang?: string },
  lang: Lang,
): Promise<Preferences> {
  const kinds = [...new Set(input.kinds ?? [])];
  const unknown = kinds.find((k) => !(KINDS as readonly string[]).includes(k));
  if (unknown !== undefined)
    throw fieldError('kinds', 'integrations.email.kindUnknown', { kind: unknown.slice(0, 40) });
  const mailLang = isLang(input.lang) ? input.lang : lang;
  const current = await myPreferences(tx, userId, lang);
  const email = current.email?.trim() ?? '';
  if (kinds.length && !email) throw fieldError('kinds', 'integrations.email.emailMissing');
  if (kinds.length && !EMAIL.test(email))
    throw fieldError('kinds', 'integrations.email.emailInvalid', { email: email.slice(0, 100) });
  await tx.query(
    `insert into email_preferences(tenant_id, user_id, kinds, lang) values ($1, $2, $3::text[], $4)
     on conflict (tenant_id, user_id) do update set kinds = excluded.kinds, lang = excluded.lang, updated_at = now()`,
    [tx.tenantId, userId, KINDS.filter((k) => kinds.includes(k)), mailLang],
  );
  return myPreferences(tx, userId, lang);
}

/** The listener on business events: puts each notice a person wants by e-mail in their outbox (same transaction). */
export async function queueEmails(tx: TenantTx, e: BusinessEvent): Promise<void> {
  const rows = e.messages
    .map((m) => ({ ...m, kind: kindOf(e, m.direct) }))
    .filter((m): m is typeof m & { kind: Kind } => m.kind !== null);
  if (rows.length === 0) return;
  await tx.query(
    `insert into email_outbox(tenant_id, user_id, message_id, kind)
     select $1, m.user_id, m.id, m.kind from unnest($2::bigint[], $3::bigint[], $4::text[]) as m(id, user_id, kind)
       join email_preferences p on p.tenant_id = $1 and p.user_id = m.user_id and m.kind = any(p.kinds)`,
    [tx.tenantId, rows.map((r) => r.id), rows.map((r) => r.userId), rows.map((r) => r.kind)],
  );
}

export const SEND_JOB = 'email.send';
const DIGEST_JOB = 'email.digest';
const USERS_PER_RUN = 200;

/**
 * Once a person's oldest waiting notice is `seconds` old, everything waiting for them goes as one mail: a storm
 * of notices within that time is one digest. The timed run (every tenant, every half window) queues a send job
 * per such person; the job reads, sends outside any transaction, then marks what it sent.
 */
export function registerEmail(app: FastifyInstance): void {
  const config = app.config;
  let transport: Transporter | null = null;
  const mailer = () => {
    transport ??= nodemailer.createTransport(config.smtpUrl);
    return transport;
  };
  app.addHook('onClose', async () => transport?.close());
  // Without an SMTP server nothing is queued and no run looks for mail (preferences can still be chosen).
  if (!config.smtpUrl) return;
  onBusinessEvent('email', queueEmails);
  const window = config.emailDigestSeconds;
  app.jobs.everyTenant(DIGEST_JOB, Math.max(1, Math.min(60, Math.floor(window / 2))), async (tx) => {
    const due = await tx.query<{ user_id: number }>(
      // Waiting, or queued an hour ago and still not sent (its send job failed for good): queued (again).
      `update email_outbox o set queued_at = now()
        where o.tenant_id = $1 and o.sent_at is null and (o.queued_at is null or o.queued_at < now() - interval '1 hour')
          and o.user_id in (select user_id from email_outbox
                             where tenant_id = $1 and sent_at is null and (queued_at is null or queued_at < now() - interval '1 hour')
                             group by user_id having min(created_at) <= now() - make_interval(secs => $2) limit $3)
        returning o.user_id`,
      [tx.tenantId, window, USERS_PER_RUN],
    );
    for (const userId of new Set(due.rows.map((r) => Number(r.user_id))))
      await tx.query('select eam_enqueue_job($1, $2::jsonb)', [SEND_JOB, JSON.stringify({ userId })]);
    return false;
  });
  app.jobs.register(SEND_JOB, {
    run: async (job: Job) => {
      const userId = Number(job.payload.userId);
      const mail = await job.tenant(null, (tx) => digestOf(tx, userId));
      if (!mail) return;
      if (mail.to)
        await mailer().sendMail({
          from: config.emailFrom,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          textEncoding: 'base64',
        });
      await job.tenant(null, (tx) =>
        tx.query('update email_outbox set sent_at = now() where tenant_id = $1 and id = any($2::bigint[])', [
          tx.tenantId,
          mail.ids,
        ]),
      );
    },
  });
}

interface Digest {
  ids: number[];
  /** Null when the person has no address any more: the notices are then dropped from the outbox. */
  to: string | null;
  subject: string;
  text: string;
}

/** The digest mail of a person's queued notices, in the language they chose. */
export async function digestOf(tx: TenantTx, userId: number): Promise<Digest | null> {
  const r = await tx.query<{
    id: number;
    kind: Kind;
    title: string;
    content: string | null;
    msg_key: string | null;
    msg_params: unknown;
    created_at: Date;
  }>(
    `select o.id::int as id, o.kind, m.title, m.content, m.msg_key, m.msg_params, m.created_at
       from email_outbox o join messages m on m.tenant_id = o.tenant_id and m.id = o.message_id
      where o.tenant_id = $1 and o.user_id = $2 and o.sent_at is null and o.queued_at is not null
      order by o.id limit 500`,
    [tx.tenantId, userId],
  );
  if (r.rows.length === 0) return null;
  const who = await tx.query<{
    email: string | null;
    peoplename: string | null;
    lang: string | null;
    timezone: string;
  }>(
    `select u.email, u.peoplename, p.lang, c.timezone from users u
       join companies c on c.id = u.tenant_id
       left join email_preferences p on p.tenant_id = u.tenant_id and p.user_id = u.id
      where u.tenant_id = $1 and u.id = $2 and u.state = 1 and not u.deleted`,
    [tx.tenantId, userId],
  );
  const person = who.rows[0];
  const lang: Lang = isLang(person?.lang) ? person.lang : 'zh';
  const templates = await loadMessageTemplates(tx);
  const when = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : lang === 'tw' ? 'zh-TW' : 'zh-CN', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: person?.timezone || 'Asia/Shanghai',
  });
  const lines = r.rows.map((m) => {
    const text = messageText(lang, m, templates);
    const kind = t(lang, `integrations.email.kind.${m.kind}`);
    return `- [${kind}] ${text.title}${text.content ? `: ${text.content}` : ''} (${when.format(new Date(m.created_at))})`;
  });
  const name = person?.peoplename ?? '';
  return {
    ids: r.rows.map((m) => m.id),
    to: person?.email?.trim() || null,
    subject: t(lang, 'integrations.email.digestSubject', { count: r.rows.length }),
    text: [
      t(lang, 'integrations.email.digestIntro', { name }),
      '',
      ...lines,
      '',
      t(lang, 'integrations.email.digestFooter'),
    ].join('\n'),
  };
}
