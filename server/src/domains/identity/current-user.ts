import type { Principal } from '../../platform/auth/principal.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';

interface CurrentRow {
  id: number;
  tenant_id: number;
  username: string;
  peoplename: string;
  organization_id: number | null;
  created_by: number | null;
  must_change_password: boolean;
  avatar: string | null;
  company_id: number;
  company_name: string;
  company_code: string;
  logo: string | null;
  instransfer: boolean;
  is_mes: boolean;
  group_lead: boolean;
  expiry_date: string | null;
  overdue_days: number;
  bloc_id: number | null;
  bloc_name: string | null;
}

/** Role codes of the caller for the web's route generation; never empty ("admin" for administrators). */
export async function userRoles(tx: TenantTx, p: Principal): Promise<string[]> {
  const r = await tx.query<{ code: string }>(
    `select coalesce(nullif(r.code, ''), 'role' || r.id) as code from user_roles ur
       join roles r on r.tenant_id = ur.tenant_id and r.id = ur.role_id
      where ur.tenant_id = $1 and ur.user_id = $2 order by r.id`,
    [p.tenantId, p.userId],
  );
  const roles = r.rows.map((x) => x.code);
  if (p.isAdmin && !roles.includes('admin')) roles.unshift('admin');
  return roles.length ? roles : ['user'];
}

/** The current-user document of GET /api-user/users/current. */
export async function loadCurrentUser(tx: TenantTx, p: Principal) {
  const r = await tx.query<CurrentRow>(
    `select u.id, u.tenant_id, u.username, u.peoplename, u.organization_id, u.created_by, u.must_change_password, u.avatar,
            c.id as company_id, c.name as company_name, c.code as company_code, c.logo, c.instransfer, c.is_mes,
            coalesce(c.group_id = c.id, false) as group_lead,
            to_char(c.expiry_date, 'YYYY-MM-DD') as expiry_date,
            greatest(0, coalesce(current_date - c.expiry_date, 0))::int as overdue_days,
            bloc.id as bloc_id, bloc.organization_name as bloc_name
       from users u
       join companies c on c.id = u.tenant_id
       left join lateral (
         select o.id, o.organization_name from organizations o
          where o.tenant_id = u.tenant_id and o.parent_id is null order by o.sort, o.id limit 1
       ) bloc on true
      where u.tenant_id = $1 and u.id = $2`,
    [p.tenantId, p.userId],
  );
  const u = r.rows[0]!;
  return {
    id: u.id,
    tenantid: u.tenant_id,
    username: u.username,
    createuser: u.created_by,
    organizationid: u.organization_id,
    permissions: [...p.permissions].sort(),
    roles: await userRoles(tx, p),
    blocOrg: { id: u.bloc_id, organizationName: u.bloc_name },
    company: {
      id: u.company_id,
      name: u.company_name,
      code: u.company_code,
      instransfer: u.instransfer,
      orglogo: u.logo ?? '',
      expiryDate: u.expiry_date,
      isPlatform: p.isPlatform,
      /** The company leads a group (companies.group_id is its own id): the group page /group is for it. */
      groupLead: u.group_lead,
    },
    peoplename: u.peoplename,
    avatar: u.avatar ?? '',
    accountOverdue: u.overdue_days,
    updatePassword: u.must_change_password,
    /** The company is an MES company (set by the operator): the web registers for MES messages after login. */
    isMes: u.is_mes,
  };
}
