import { randomBytes } from 'node:crypto';
import { AppError, notFound } from '../../platform/http/errors.js';
import type { Lang } from '../../platform/i18n/index.js';
import { staticModel } from '../../platform/resources/model.js';
import { readContext } from '../../platform/resources/read.js';
import { updateRow } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { notifyStep } from '../../platform/workflow/notify.js';
import { certificateEntity, EXPIRY_NOTICE_DAYS, P, statusSql } from './resources.js';

/** A verification token names its tenant (the public page works in that tenant's transaction) and a random part. */
export function parseCertToken(token: unknown): { tenantId: number; token: string } | null {
  if (typeof token !== 'string') return null;
  const m = /^([1-9]\d{0,15})-([A-Za-z0-9_-]{20,64})$/.exec(token);
  return m ? { tenantId: Number(m[1]), token } : null;
}

/** The certificate's verification link (its QR code), made when it has none; it stays for the printed label. */
export async function certificateLink(tx: TenantTx, id: number): Promise<{ token: string; url: string }> {
  const r = await tx.query<{ verify_token: string | null }>(
    'select verify_token from maintain_certificates where tenant_id = $1 and id = $2 for update',
    [tx.tenantId, id],
  );
  const row = r.rows[0];
  if (!row) throw notFound();
  let token = row.verify_token;
  if (!token) {
    token = `${tx.tenantId}-${randomBytes(18).toString('base64url')}`;
    await tx.query('update maintain_certificates set verify_token = $3 where tenant_id = $1 and id = $2', [
      tx.tenantId,
      id,
      token,
    ]);
  }
  return { token, url: `/cert/${token}` };
}

/** What the public page says of a certificate: the holder's name, the qualification and where it stands. */
export async function publicCertificate(tx: TenantTx, token: string, lang: Lang) {
  const r = await tx.query<{
    peoplename: string;
    kind: string;
    level: string | null;
    certificate_no: string;
    issued_on: string;
    valid_until: string | null;
    status: string;
  }>(
    `select u.peoplename, c.kind, c.level, c.certificate_no, to_char(c.issued_on, 'YYYY-MM-DD') as issued_on,
            to_char(c.valid_until, 'YYYY-MM-DD') as valid_until, ${statusSql('c')} as status
       from maintain_certificates c join users u on u.tenant_id = c.tenant_id and u.id = c.user_id
      where c.tenant_id = $1 and c.verify_token = $2`,
    [tx.tenantId, token],
  );
  const c = r.rows[0];
  if (!c) throw new AppError('notFound', 'qualification.errors.linkUnknown');
  const model = staticModel(certificateEntity);
  const label = (field: string, v: string | null) => (v ? model.byName.get(field)!.optionLabel(lang, v) : null);
  return {
    name: c.peoplename,
    kind: label('kind', c.kind),
    level: label('level', c.level),
    certificateNo: c.certificate_no,
    issuedOn: c.issued_on,
    validUntil: c.valid_until,
    status: c.status as 'valid' | 'expired' | 'revoked',
    statusName: label('status', c.status),
  };
}

/**
 * Tells the holder of each valid certificate that ends within EXPIRY_NOTICE_DAYS, and the people who keep the
 * qualification page, once per certificate (marked through the record service). A recurring job per tenant.
 */
export async function notifyExpiring(tx: TenantTx, batch = 500): Promise<number> {
  const due = await tx.query<{ id: string }>(
    `select id from maintain_certificates
      where tenant_id = $1 and state = 'valid' and expiry_notified_at is null and valid_until is not null
        and valid_until >= current_date and valid_until < current_date + $2::int
      order by valid_until, id limit $3`,
    [tx.tenantId, EXPIRY_NOTICE_DAYS, batch],
  );
  if (due.rows.length === 0) return 0;
  const keepers = await tx.query<{ user_id: string }>(
    `select distinct ur.user_id from user_roles ur
       join roles r on r.tenant_id = ur.tenant_id and r.id = ur.role_id and r.state = 1
      where ur.tenant_id = $1
        and ((r.is_admin and exists (select 1 from company_menus cm join menu_buttons b on b.menu_id = cm.menu_id
                                      where cm.tenant_id = $1 and b.ext4 = $2))
          or exists (select 1 from role_buttons rb join menu_buttons b on b.id = rb.button_id
                      where rb.tenant_id = $1 and rb.role_id = r.id and b.ext4 = $2))`,
    [tx.tenantId, P.edit],
  );
  const ctx = await readContext(tx, certificateEntity, 'zh');
  for (const { id } of due.rows) {
    const row = await updateRow(tx, ctx, Number(id), { expiryNotifiedAt: new Date().toISOString() }, { system: true });
    const people = [Number(row.userId), ...keepers.rows.map((k) => Number(k.user_id))];
    await notifyStep(tx, certificateEntity, row, 'expiring', people);
  }
  return due.rows.length;
}
