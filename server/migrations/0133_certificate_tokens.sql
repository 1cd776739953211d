-- The verification token of a certificate's QR code (domains/qualification/verify.ts), kept outside the
-- declaration: the token carries the tenant, so the public page opens the tenant's own transaction.
alter table maintain_certificates add verify_token text;
create unique index maintain_certificates_verify_token on maintain_certificates(tenant_id, verify_token)
  where verify_token is not null;
