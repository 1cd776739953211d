import type { TenantTx } from '../../../server/src/platform/tenancy/tenant-tx.js';
import { day, pad, pick, type Random } from './random.js';
import { GIVEN, SURNAMES } from './vocabulary.js';

export interface Person {
  username: string;
  peoplename: string;
  number: string;
  organization_id: number;
  mobile: string;
  sex: number;
  is_repairman: boolean;
  is_repair_leader: boolean;
  entry_date: string;
  birthday: string;
}

export const chineseName = (r: Random): string =>
  pick(r, SURNAMES) + pick(r, GIVEN) + (r() < 0.6 ? pick(r, GIVEN) : '');

/**
 * Members of a tenant: names, employee numbers (also the login name, unique across the service through the
 * tenant's prefix), mobiles; `repairTeams` members are repairmen, the first of each team its leader.
 */
export function people(r: Random, count: number, prefix: string, teams: number[], repairTeams: Set<number>): Person[] {
  const led = new Set<number>();
  const out: Person[] = [];
  for (let i = 0; i < count; i++) {
    const org = teams[i % teams.length]!;
    const repair = repairTeams.has(org);
    const leader = repair && !led.has(org);
    if (leader) led.add(org);
    const number = `E${pad(10_001 + i, 5)}`;
    out.push({
      username: `${prefix}_${number}`.toLowerCase(),
      peoplename: chineseName(r),
      number,
      organization_id: org,
      mobile: `1${pick(r, ['3', '5', '7', '8', '9'])}${pad(Math.floor(r() * 1e9), 9)}`,
      sex: r() < 0.78 ? 1 : 2,
      is_repairman: repair,
      is_repair_leader: leader,
      entry_date: day(r, 2008, 2024),
      birthday: day(r, 1968, 2003),
    });
  }
  return out;
}

const COLUMNS =
  'username text, peoplename text, number text, organization_id bigint, mobile text, sex smallint, is_repairman boolean, is_repair_leader boolean, entry_date date, birthday date';

/** Inserts members in one statement per call (the columns the member form writes), all with one password hash. */
export async function insertPeople(tx: TenantTx, list: Person[], passwordHash: string): Promise<number[]> {
  const r = await tx.query<{ id: number }>(
    `insert into users(tenant_id, username, password_hash, must_change_password, peoplename, number, organization_id,
        mobile, sex, is_repairman, is_repair_leader, entry_date, birthday, created_by, updated_by)
     select $1, x.username, $2, false, x.peoplename, x.number, x.organization_id, x.mobile, x.sex, x.is_repairman,
        x.is_repair_leader, x.entry_date, x.birthday, $4, $4
       from jsonb_to_recordset($3::jsonb) as x(${COLUMNS}) returning id`,
    [tx.tenantId, passwordHash, JSON.stringify(list), tx.userId],
  );
  return r.rows.map((x) => Number(x.id));
}
