import type { Database } from '../../db/index.js';
import { insertRecords } from '../../platform/resources/import-insert.js';
import { readContext } from '../../platform/resources/read.js';
import { type TenantTx, withTenant } from '../../platform/tenancy/tenant-tx.js';
import { fillPlantDemo, idsByCode } from '../plant/demo.js';
import { categoryEntity, equipmentEntity, faultReasonEntity, mouldEntity } from './resources.js';

/** A small deterministic generator, so the demo factory looks the same on every first start. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

type Kind = 1 | 2;
/** code, name, kind, parent code, fault reasons [code, name, fault type] */
const CATEGORIES: [string, string, Kind, string | null, [string, string, string][]][] = [
  ['MACH', '机加工设备', 1, null, []],
  [
    'CNC-L',
    '数控车床',
    1,
    'MACH',
    [
      ['F01', '主轴异响', 'mechanical'],
      ['F02', '刀塔不换刀', 'mechanical'],
      ['F03', '伺服驱动报警', 'electrical'],
    ],
  ],
  [
    'VMC',
    '立式加工中心',
    1,
    'MACH',
    [
      ['F01', '换刀机械手卡滞', 'mechanical'],
      ['F02', '数控系统死机', 'software'],
    ],
  ],
  ['GRD', '磨床', 1, 'MACH', [['F01', '砂轮主轴振动', 'mechanical']]],
  ['FORM', '成型设备', 1, null, []],
  [
    'IMM',
    '注塑机',
    1,
    'FORM',
    [
      ['F01', '液压油温过高', 'hydraulic'],
      ['F02', '射嘴漏胶', 'mechanical'],
      ['F03', '料筒温控失灵', 'electrical'],
    ],
  ],
  [
    'PRS',
    '冲压机',
    1,
    'FORM',
    [
      ['F01', '离合器打滑', 'mechanical'],
      ['F02', '滑块下死点偏移', 'mechanical'],
    ],
  ],
  ['UTIL', '动力设备', 1, null, []],
  [
    'AC',
    '空压机',
    1,
    'UTIL',
    [
      ['F01', '排气温度高', 'mechanical'],
      ['F02', '供气压力不足', 'pneumatic'],
    ],
  ],
  ['CT', '冷却塔', 1, 'UTIL', [['F01', '风机皮带断裂', 'mechanical']]],
  ['MOLD-I', '注塑模具', 2, null, []],
  ['MOLD-IA', '汽车件注塑模', 2, 'MOLD-I', []],
  ['MOLD-IH', '家电件注塑模', 2, 'MOLD-I', []],
  ['MOLD-S', '冲压模具', 2, null, []],
  ['MOLD-SP', '级进模', 2, 'MOLD-S', []],
  ['MOLD-SB', '落料模', 2, 'MOLD-S', []],
];

/** category, count, code prefix, name, models, manufacturers, line codes, value range (yuan) */
const MACHINES: [string, number, string, string, string[], string[], string[], [number, number]][] = [
  [
    'CNC-L',
    14,
    'CK',
    '数控车床',
    ['CK6150', 'CK6140', 'CAK5085'],
    ['沈阳机床', '大连机床', '宝鸡机床'],
    ['L0101'],
    [180_000, 420_000],
  ],
  [
    'VMC',
    10,
    'VMC',
    '立式加工中心',
    ['VMC850', 'VMC1160', 'DMU 50'],
    ['海天精工', '北京精雕', '德马吉森精机'],
    ['L0102'],
    [450_000, 1_600_000],
  ],
  ['GRD', 6, 'GRD', '外圆磨床', ['M1432B', 'MK1320'], ['上海机床厂', '无锡机床'], ['L0103'], [220_000, 380_000]],
  [
    'IMM',
    14,
    'IMM',
    '注塑机',
    ['MA1600', 'MA2500', 'ZE2000'],
    ['海天国际', '伊之密', '震雄'],
    ['L0201', 'L0202'],
    [350_000, 980_000],
  ],
  [
    'PRS',
    8,
    'PRS',
    '开式压力机',
    ['JH21-160', 'JH21-250', 'J23-80'],
    ['扬力集团', '济南二机床'],
    ['L0203'],
    [260_000, 850_000],
  ],
  [
    'AC',
    4,
    'AC',
    '螺杆空压机',
    ['GA75', 'GA37', 'R55'],
    ['阿特拉斯·科普柯', '英格索兰'],
    ['L0104'],
    [120_000, 260_000],
  ],
  ['CT', 4, 'CT', '冷却塔', ['LBCM-100', 'LBCM-150'], ['良机实业'], ['L0104'], [60_000, 120_000]],
];

const MOULDS: [string, string, string, number, number][] = [
  ['MOLD-IA', 'MD-IA', '前保险杠模具', 1, 500_000],
  ['MOLD-IA', 'MD-IA', '仪表板骨架模具', 1, 600_000],
  ['MOLD-IA', 'MD-IA', '门内饰板模具', 2, 800_000],
  ['MOLD-IA', 'MD-IA', '格栅模具', 2, 800_000],
  ['MOLD-IA', 'MD-IA', '灯罩模具', 4, 1_000_000],
  ['MOLD-IH', 'MD-IH', '空调面板模具', 2, 800_000],
  ['MOLD-IH', 'MD-IH', '洗衣机盖板模具', 1, 600_000],
  ['MOLD-IH', 'MD-IH', '冰箱抽屉模具', 2, 700_000],
  ['MOLD-IH', 'MD-IH', '电饭煲外壳模具', 4, 1_000_000],
  ['MOLD-IH', 'MD-IH', '风扇叶片模具', 8, 1_200_000],
  ['MOLD-IH', 'MD-IH', '遥控器壳体模具', 8, 1_200_000],
  ['MOLD-SP', 'MD-SP', '座椅支架级进模', 1, 2_000_000],
  ['MOLD-SP', 'MD-SP', '加强板级进模', 1, 2_000_000],
  ['MOLD-SP', 'MD-SP', '电机端盖级进模', 2, 3_000_000],
  ['MOLD-SP', 'MD-SP', '连接片级进模', 4, 3_000_000],
  ['MOLD-SB', 'MD-SB', '底板落料模', 1, 1_500_000],
  ['MOLD-SB', 'MD-SB', '侧板落料模', 1, 1_500_000],
  ['MOLD-SB', 'MD-SB', '垫片落料模', 4, 2_500_000],
  ['MOLD-SB', 'MD-SB', '圆盘落料模', 2, 2_000_000],
  ['MOLD-SB', 'MD-SB', '法兰落料模', 1, 1_800_000],
];

const STATUSES = [
  'running',
  'running',
  'running',
  'running',
  'running',
  'running',
  'standby',
  'standby',
  'repairing',
  'stopped',
];
const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
const day = (r: () => number, from: number, to: number) => {
  const d = new Date(Date.UTC(from, 0, 1) + r() * (Date.UTC(to, 11, 31) - Date.UTC(from, 0, 1)));
  return d.toISOString().slice(0, 10);
};

/**
 * Inserts a category tree given as rows naming their parent's code (roots first, then their children, in the
 * given order) and returns the tenant's category ids by code.
 */
export async function insertCategoryTree(
  tx: TenantTx,
  rows: readonly { code: string; name: string; category: number; parent: string | null }[],
): Promise<Map<string, number>> {
  const cat = await readContext(tx, categoryEntity, 'zh');
  const sorted = rows.map((c, i) => ({ ...c, sort: i + 1 }));
  await insertRecords(
    tx,
    cat,
    sorted.filter((c) => !c.parent).map(({ code, name, category, sort }) => ({ code, name, category, sort })),
  );
  const roots = await idsByCode(tx, categoryEntity.table, 'code');
  await insertRecords(
    tx,
    cat,
    sorted
      .filter((c) => c.parent)
      .map(({ code, name, category, parent, sort }) => ({ code, name, category, parentId: roots.get(parent!), sort })),
  );
  return idsByCode(tx, categoryEntity.table, 'code');
}

async function fill(tx: TenantTx): Promise<void> {
  const r = random(20240601);
  const plant = await fillPlantDemo(tx);
  const categories = await insertCategoryTree(
    tx,
    CATEGORIES.map(([code, name, category, parent]) => ({ code, name, category, parent })),
  );
  await insertRecords(
    tx,
    await readContext(tx, faultReasonEntity, 'zh'),
    CATEGORIES.flatMap(([code, , , , faults]) =>
      faults.map(([fc, fn, faultType]) => ({ categoryId: categories.get(code), code: fc, name: fn, faultType })),
    ),
  );
  const machines: Record<string, unknown>[] = [];
  for (const [category, count, prefix, name, models, makers, lines, [low, high]] of MACHINES) {
    for (let n = 1; n <= count; n++) {
      const line = plant.get(pick(r, lines))!;
      const purchase = day(r, 2015, 2023);
      machines.push({
        code: `EQ-${prefix}-${String(n).padStart(3, '0')}`,
        name: `${name} ${n}#`,
        model: pick(r, models),
        specification: name,
        categoryId: categories.get(category),
        workshopId: line.workshopId,
        lineId: line.id,
        location: `${String.fromCharCode(65 + Math.floor(r() * 4))}区-${String(n).padStart(2, '0')}工位`,
        importance: category === 'AC' || r() < 0.3 ? 'A' : r() < 0.6 ? 'B' : 'C',
        status: pick(r, STATUSES),
        manufacturer: pick(r, makers),
        supplier: `${pick(r, ['华东', '华南', '华北'])}设备贸易有限公司`,
        serialNumber: `SN${purchase.replace(/-/g, '')}${String(Math.floor(r() * 9000) + 1000)}`,
        purchaseDate: purchase,
        commissioningDate: purchase.replace(/-\d\d$/, '-28'),
        originalValue: (Math.round((low + r() * (high - low)) / 100) * 100).toFixed(2),
        warrantyEnd: `${Number(purchase.slice(0, 4)) + 3}${purchase.slice(4)}`,
      });
    }
  }
  await insertRecords(tx, await readContext(tx, equipmentEntity, 'zh'), machines);
  const equipment = await idsByCode(tx, equipmentEntity.table, 'code');
  const byPrefix = (prefix: string) => [...equipment].filter(([code]) => code.startsWith(prefix)).map(([, id]) => id);
  const moulds = MOULDS.map(([category, prefix, name, cavities, ratedLife], i) => {
    const hosts = byPrefix(category.startsWith('MOLD-I') ? 'EQ-IMM-' : 'EQ-PRS-');
    const share = i % 6 === 0 ? 0.92 + r() * 0.07 : r() * 0.8;
    return {
      code: `${prefix}-${String(i + 1).padStart(3, '0')}`,
      name,
      model: `${prefix}${1000 + i}`,
      categoryId: categories.get(category),
      importance: cavities >= 4 ? 'A' : 'B',
      status: r() < 0.85 ? 'running' : 'standby',
      manufacturer: pick(r, ['宁波模具厂', '昆山精密模具', '东莞华模科技']),
      purchaseDate: day(r, 2019, 2024),
      originalValue: (80_000 + Math.round(r() * 400) * 1000).toFixed(2),
      cavities,
      ratedLife,
      usedShots: Math.round(ratedLife * share),
      lifeWarnPercent: 90,
      equipmentId: i % 3 === 2 ? null : hosts[i % hosts.length],
    };
  });
  await insertRecords(tx, await readContext(tx, mouldEntity, 'zh'), moulds);
}

/** First start: the demo factory gets its plant, equipment categories, ~60 machines and 20 moulds. */
export async function fillEquipmentDemo(db: Database, tenantId: number): Promise<void> {
  const admin = await db.query<{ id: number }>('select id from users where tenant_id = $1 order by id limit 1', [
    tenantId,
  ]);
  await withTenant(db, tenantId, admin.rows[0]?.id ?? null, fill);
}
