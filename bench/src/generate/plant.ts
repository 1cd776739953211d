import { insertCategoryTree } from '../../../server/src/domains/equipment/demo.js';
import { idsByCode } from '../../../server/src/domains/plant/demo.js';
import { lineEntity, workshopEntity } from '../../../server/src/domains/plant/resources.js';
import { insertRecords } from '../../../server/src/platform/resources/import-insert.js';
import { readContext } from '../../../server/src/platform/resources/read.js';
import type { TenantTx } from '../../../server/src/platform/tenancy/tenant-tx.js';
import { pad } from './random.js';
import { CATEGORIES, DEPARTMENTS, SHIFT_TEAMS, type WorkshopKind } from './vocabulary.js';

export interface PlantLine {
  id: number;
  code: string;
  name: string;
}

export interface PlantWorkshop {
  kind: WorkshopKind;
  id: number;
  code: string;
  lines: PlantLine[];
}

export interface Plant {
  workshops: PlantWorkshop[];
  categories: Map<string, number>;
  /** Organisation ids people belong to: production shift teams, then the departments' teams. */
  teams: number[];
  repairTeams: Set<number>;
  rows: number;
}

async function org(tx: TenantTx, parentId: number, name: string, code: string, sort: number): Promise<number> {
  const row = await tx.insert<{ id: number }>(
    'organizations',
    { parent_id: parentId, organization_name: name, organization_code: code, sort, created_by: tx.userId },
    'id',
  );
  return Number(row.id);
}

/**
 * A plant in a tenant: the organisation (production department with a unit per workshop and its shift
 * teams, support departments with their teams), workshops with lines, and the equipment and mould
 * category tree. Everything goes through the entity write path the import uses (insertRecords).
 */
export async function buildPlant(tx: TenantTx, kinds: WorkshopKind[], linesPer: number): Promise<Plant> {
  const root = await tx.query<{ id: number }>(
    'select id from organizations where tenant_id = $1 and parent_id is null order by id limit 1',
    [tx.tenantId],
  );
  const rootId = Number(root.rows[0]!.id);
  const teams: number[] = [];
  const repairTeams = new Set<number>();
  let rows = 0;
  const production = await org(tx, rootId, '生产部', 'PROD', 1);
  const shopOrgs = new Map<string, number>();
  for (const [i, k] of kinds.entries()) {
    const shop = await org(tx, production, k.name, `PROD-${k.code}`, i + 1);
    shopOrgs.set(k.code, shop);
    for (const [j, team] of SHIFT_TEAMS.entries())
      teams.push(await org(tx, shop, `${k.name}${team}`, `PROD-${k.code}-${j + 1}`, j + 1));
  }
  for (const [i, [code, name, subs]] of DEPARTMENTS.entries()) {
    const dept = await org(tx, rootId, name, code, i + 2);
    for (const [j, sub] of subs.entries()) {
      const id = await org(tx, dept, sub, `${code}-${j + 1}`, j + 1);
      teams.push(id);
      if (code === 'EQ' && j < 3) repairTeams.add(id);
    }
    rows += subs.length + 1;
  }
  rows += 1 + kinds.length * (SHIFT_TEAMS.length + 1);

  rows += await insertRecords(
    tx,
    await readContext(tx, workshopEntity, 'zh'),
    kinds.map((k, i) => ({
      workshopcode: k.code,
      workshopname: k.name,
      organizationid: shopOrgs.get(k.code),
      ismul: 1,
      sort: i + 1,
    })),
  );
  const shopIds = await idsByCode(tx, workshopEntity.table, 'workshopcode');
  const lineBodies = kinds.flatMap((k) =>
    Array.from({ length: linesPer }, (_, j) => ({
      linecode: `${k.code}-L${pad(j + 1, 2)}`,
      linename: j < k.lines.length ? k.lines[j] : `${k.lines[j % k.lines.length]}${Math.floor(j / k.lines.length) + 1}`,
      workshopid: shopIds.get(k.code),
      sort: j + 1,
    })),
  );
  rows += await insertRecords(tx, await readContext(tx, lineEntity, 'zh'), lineBodies);
  const lineIds = await idsByCode(tx, lineEntity.table, 'linecode');
  const workshops = kinds.map((k) => ({
    kind: k,
    id: shopIds.get(k.code)!,
    code: k.code,
    lines: lineBodies
      .filter((l) => l.workshopid === shopIds.get(k.code))
      .map((l) => ({ id: lineIds.get(l.linecode)!, code: l.linecode, name: l.linename! })),
  }));

  const categories = await insertCategoryTree(
    tx,
    CATEGORIES.map(([code, name, parent, category]) => ({ code, name, category, parent })),
  );
  rows += CATEGORIES.length;
  return { workshops, categories, teams, repairTeams, rows };
}
