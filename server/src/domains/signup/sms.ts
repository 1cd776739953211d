import { createHash, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/index.js';
import { AppError, businessError, invalid } from '../../platform/http/errors.js';
import { type Lang, t } from '../../platform/i18n/index.js';
import { ownerDb } from '../../platform/system/owner.js';

export type SmsPurpose = 'register' | 'companyRegister';
export const SMS_PURPOSES: readonly SmsPurpose[] = ['register', 'companyRegister'];

/**
 * A code is good for 5 minutes and 5 tries; one code a minute per phone and purpose, 5 an hour per phone and
 * 10 an hour per address.
 */
export const SMS_CODE_SECONDS = 300;
export const SMS_RESEND_SECONDS = 60;
const SMS_MAX_TRIES = 5;
export const SMS_MAX_PER_HOUR_PER_PHONE = 5;
export const SMS_MAX_PER_HOUR_PER_IP = 10;
/** Advisory lock that makes the limit checks and the new code's row one step for parallel requests. */
const SMS_SEND_LOCK = 4242002;

export const PHONE_PATTERN = '^\\+?[0-9]{6,15}$';

const hash = (phone: string, code: string) => createHash('sha256').update(`${phone}:${code}`).digest('hex');

/**
 * Sends a verification code. With SMS_WEBHOOK_URL set the text goes to that gateway (JSON POST of phone,
 * text, code, purpose); without it (a machine with no SMS gateway) the code is written to the server log so
 * an administrator can pass it on.
 */
export async function sendSmsCode(
  app: FastifyInstance,
  input: { phone: string; purpose: SmsPurpose; ip: string; lang: Lang },
): Promise<{ resendAfter: number }> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await ownerDb(app).transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SMS_SEND_LOCK]);
    const recent = await tx.query<{ wait: number }>(
      `select ceil(extract(epoch from (created_at + make_interval(secs => $3)) - now()))::int as wait
         from sms_codes where phone = $1 and purpose = $2 and created_at > now() - make_interval(secs => $3)
        order by created_at desc limit 1`,
      [input.phone, input.purpose, SMS_RESEND_SECONDS],
    );
    if (recent.rows[0]) throw businessError('signup.sms.tooSoon', { seconds: Math.max(1, recent.rows[0].wait) });
    const sent = await tx.query<{ phone: number; ip: number }>(
      `select count(*) filter (where phone = $1)::int as phone, count(*) filter (where ip = $2)::int as ip
         from sms_codes where (phone = $1 or ip = $2) and created_at > now() - interval '1 hour'`,
      [input.phone, input.ip],
    );
    const n = sent.rows[0]!;
    if (n.phone >= SMS_MAX_PER_HOUR_PER_PHONE || n.ip >= SMS_MAX_PER_HOUR_PER_IP)
      throw new AppError('tooMany', 'signup.sms.tooMany');
    await tx.query(
      `insert into sms_codes(phone, purpose, code_hash, ip, expires_at)
       values ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
      [input.phone, input.purpose, hash(input.phone, code), input.ip, SMS_CODE_SECONDS],
    );
  });
  const text = t(input.lang, 'signup.sms.text', { code, minutes: SMS_CODE_SECONDS / 60 });
  const url = app.config.smsWebhookUrl;
  if (url) {
    const r = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: input.phone, text, code, purpose: input.purpose }),
      signal: AbortSignal.timeout(10_000),
    }).catch(() => null);
    if (!r?.ok) throw businessError('signup.sms.gatewayFailed');
  } else {
    app.log.info({ phone: input.phone, purpose: input.purpose, smsCode: code }, 'SMS code (no SMS_WEBHOOK_URL set)');
  }
  return { resendAfter: SMS_RESEND_SECONDS };
}

/**
 * Checks the phone's latest code for the purpose and returns its id; a wrong code counts a try (kept even when
 * the caller's transaction later fails). The caller uses it up with useSmsCode inside its transaction.
 */
export async function checkSmsCode(
  db: Queryable,
  input: { phone: string; purpose: SmsPurpose; code: string },
): Promise<number> {
  const r = await db.query<{ id: number; code_hash: string; attempts: number }>(
    `select id, code_hash, attempts from sms_codes
      where phone = $1 and purpose = $2 and used_at is null and expires_at > now()
      order by created_at desc limit 1`,
    [input.phone, input.purpose],
  );
  const row = r.rows[0];
  if (!row || row.attempts >= SMS_MAX_TRIES) throw invalid('smsCode', 'signup.sms.expired');
  if (row.code_hash !== hash(input.phone, input.code.trim())) {
    await db.query('update sms_codes set attempts = attempts + 1 where id = $1', [row.id]);
    throw invalid('smsCode', 'signup.sms.wrong');
  }
  return row.id;
}

/** Marks a checked code used; refuses when another request used it first. */
export async function useSmsCode(tx: Queryable, id: number): Promise<void> {
  const used = await tx.query('update sms_codes set used_at = now() where id = $1 and used_at is null', [id]);
  if (used.rowCount === 0) throw invalid('smsCode', 'signup.sms.expired');
}
