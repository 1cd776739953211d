import { invalid } from '../../platform/http/errors.js';
import { planForReports, type TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { FEVER_FROM } from './resources.js';
import { tenantToday } from './rules.js';

/** The longest range the statistics cover at once. */
export const MAX_STAT_DAYS = 93;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayOr = (field: string, v: string | undefined, fallback: string): string => {
  if (v === undefined || v === '') return fallback;
  if (!DAY.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`))) throw invalid(field, 'health.errors.badDay');
  return v;
};

export interface MissingQuery {
  date?: string;
  organizationId?: number;
  keyword?: string;
  page?: number;
  limit?: number;
}

/** Active staff without a registration on the day (default the tenant's today), paged in SQL. */
export async function missingRegistrations(tx: TenantTx, q: MissingQuery) {
  const day = dayOr('date', q.date, await tenantToday(tx));
  const limit = Math.min(Math.max(q.limit ?? 20, 1), 200);
  const offset = (Math.max(q.page ?? 1, 1) - 1) * limit;
  const like = q.keyword?.trim() ? `%${q.keyword.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const r = await tx.query<{
    id: string;
    peoplename: string;
    number: string | null;
    username: string;
    organization_id: string | null;
    organization_name: string | null;
    mobile: string | null;
    total: string;
  }>(
    `select u.id, u.peoplename, u.number, u.username, u.organization_id, o.organization_name, u.mobile,
            count(*) over () as total
       from users u
       left join organizations o on o.tenant_id = u.tenant_id and o.id = u.organization_id
      where u.tenant_id = $1 and not u.deleted and u.state = 1
        and ($3::bigint is null or u.organization_id = $3)
        and ($4::text is null or u.peoplename ilike $4 or u.number ilike $4 or u.username ilike $4)
        and not exists (select 1 from health_surveys s
                         where s.tenant_id = u.tenant_id and s.user_id = u.id and s.survey_date = $2::date)
      order by o.organization_name nulls last, u.peoplename, u.id
      limit $5 offset $6`,
    [tx.tenantId, day, q.organizationId ?? null, like, limit, offset],
  );
  return {
    date: day,
    count: Number(r.rows[0]?.total ?? 0),
    rows: r.rows.map((u) => ({
      userId: Number(u.id),
      peoplename: u.peoplename,
      number: u.number ?? u.username,
      organizationId: u.organization_id == null ? null : Number(u.organization_id),
      organizationName: u.organization_name,
      mobile: u.mobile,
    })),
  };
}

export interface StatsQuery {
  from?: string;
  to?: string;
  organizationId?: number;
}

/**
 * Registrations per day and department over a range (default the last 7 days up to today): staff of the
 * department now, registered, fevers, contacts and flagged, aggregated in SQL.
 */
export async function surveyStatistics(tx: TenantTx, q: StatsQuery) {
  const today = await tenantToday(tx);
  const to = dayOr('to', q.to, today);
  const fromDefault = new Date(Date.parse(`${to}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
  const from = dayOr('from', q.from, fromDefault);
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
  if (days < 1) throw invalid('from', 'health.errors.rangeReversed');
  if (days > MAX_STAT_DAYS) throw invalid('to', 'health.errors.rangeTooLong', { days: MAX_STAT_DAYS });
  await planForReports(tx);
  const org = q.organizationId ?? null;
  const r = await tx.query<{
    day: string;
    organization_id: string | null;
    organization_name: string | null;
    staff: string;
    registered: string;
    fever: string;
    contact: string;
    flagged: string;
  }>(
    `with staff as (
       select u.organization_id, count(*) as n from users u
        where u.tenant_id = $1 and not u.deleted and u.state = 1 and ($4::bigint is null or u.organization_id = $4)
        group by u.organization_id),
     reg as (
       select s.survey_date, s.organization_id, count(*) as registered,
              count(*) filter (where s.temperature >= ${FEVER_FROM}) as fever,
              count(*) filter (where s.contact) as contact,
              count(*) filter (where s.temperature >= ${FEVER_FROM} or s.contact
                               or s.personal_health <> 'healthy' or s.family_health <> 'healthy') as flagged
         from health_surveys s
        where s.tenant_id = $1 and s.survey_date between $2::date and $3::date
          and ($4::bigint is null or s.organization_id = $4)
        group by s.survey_date, s.organization_id),
     days as (select generate_series($2::date, $3::date, interval '1 day')::date as day),
     depts as (select organization_id from staff union select organization_id from reg)
     select to_char(d.day, 'YYYY-MM-DD') as day, p.organization_id, o.organization_name,
            coalesce(st.n, 0) as staff, coalesce(r.registered, 0) as registered, coalesce(r.fever, 0) as fever,
            coalesce(r.contact, 0) as contact, coalesce(r.flagged, 0) as flagged
       from days d cross join depts p
       left join staff st on st.organization_id is not distinct from p.organization_id
       left join reg r on r.survey_date = d.day and r.organization_id is not distinct from p.organization_id
       left join organizations o on o.tenant_id = $1 and o.id = p.organization_id
      order by d.day desc, o.organization_name nulls last, p.organization_id`,
    [tx.tenantId, from, to, org],
  );
  const rows = r.rows.map((x) => ({
    day: x.day,
    organizationId: x.organization_id == null ? null : Number(x.organization_id),
    organizationName: x.organization_name,
    staff: Number(x.staff),
    registered: Number(x.registered),
    missing: Math.max(Number(x.staff) - Number(x.registered), 0),
    fever: Number(x.fever),
    contact: Number(x.contact),
    flagged: Number(x.flagged),
  }));
  return { from, to, today, rows };
}
