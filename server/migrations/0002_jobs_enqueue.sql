-- Jobs are queued from inside a tenant's request transaction (the request role eam_app, which has no rights
-- on the platform table jobs): this function inserts the job with the transaction's own tenant, so a tenant
-- can queue work only for itself. search_path is fixed to the schema the migration runs in.
create or replace function eam_enqueue_job(p_kind text, p_payload jsonb) returns bigint
  language sql security definer set search_path from current as $$
  insert into jobs(tenant_id, kind, payload) values (eam_current_tenant(), p_kind, p_payload) returning id
$$;
revoke all on function eam_enqueue_job(text, jsonb) from public;
grant execute on function eam_enqueue_job(text, jsonb) to eam_app;

create index jobs_claim on jobs(kind, status, run_at);
