import type { Database } from '../../db/index.js';
import { readContext } from '../../platform/resources/read.js';
import type { WireRow } from '../../platform/resources/types.js';
import { createRow } from '../../platform/resources/write.js';
import { type TenantTx, withTenant } from '../../platform/tenancy/tenant-tx.js';
import { runAction } from '../../platform/workflow/run.js';
import { externalOrderEntity } from './order-resources.js';
import { nextOrderCode } from './rules.js';
import { contactEntity, contractEntity, vendorEntity } from './vendor-resources.js';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** code, name, services, phone; its contact; contract days (from, to), covering the first machine's category */
const VENDORS: [string, string, string, string, [string, string, string], [number, number, boolean]][] = [
  [
    'WX-V01',
    '苏州精工设备维修有限公司',
    '数控机床维修、主轴修复',
    '0512-66880001',
    ['陈工', '技术经理', '13800000101'],
    [-200, 165, true],
  ],
  [
    'WX-V02',
    '上海华电电气服务有限公司',
    '电气控制柜、变频器维修',
    '021-55660002',
    ['刘经理', '销售经理', '13800000102'],
    [-120, 245, false],
  ],
  [
    'WX-V03',
    '昆山液压气动技术服务部',
    '液压站、气动元件检修',
    '0512-57770003',
    ['黄师傅', '维修主管', '13800000103'],
    [-500, -30, false],
  ],
];

/** vendor index, kind, description, the steps taken [action, input] */
type Step = [string, WireRow];
const ORDERS: [number, string, string, Step[]][] = [
  [0, 'repair', '主轴异响，拆检更换轴承', []],
  [1, 'repair', '变频器报过流故障，返厂维修', [['quote', { quotedCost: '4800.00', quoteNote: '含配件与人工' }]]],
  [
    0,
    'overhaul',
    '年度精度恢复大修',
    [
      ['quote', { quotedCost: '26000.00' }],
      ['approve', {}],
    ],
  ],
  [
    1,
    'maintenance',
    '电气柜年度预防性保养',
    [
      ['quote', { quotedCost: '3200.00' }],
      ['approve', {}],
      ['start', {}],
    ],
  ],
  [
    0,
    'repair',
    '刀库换刀机构卡滞维修',
    [
      ['quote', { quotedCost: '6500.00' }],
      ['approve', {}],
      ['start', {}],
      ['finish', { actualCost: '6900.00', workNote: '更换刀臂与凸轮' }],
    ],
  ],
  [
    1,
    'calibration',
    '伺服驱动器参数校验',
    [
      ['quote', { quotedCost: '1800.00' }],
      ['approve', {}],
      ['start', {}],
      ['finish', { actualCost: '1800.00' }],
      ['accept', { rating: 5, ratingComment: '响应及时' }],
    ],
  ],
  [
    0,
    'repair',
    '导轨润滑系统故障维修',
    [
      ['quote', { quotedCost: '5200.00' }],
      ['approve', {}],
      ['start', {}],
      ['finish', { actualCost: '5600.00' }],
      ['accept', { rating: 4 }],
    ],
  ],
  [
    2,
    'repair',
    '液压站泄漏检修',
    [
      ['quote', { quotedCost: '2400.00' }],
      ['cancel', { comment: '改由厂内维修' }],
    ],
  ],
];

/** Vendors with contacts and contracts (in force and ended), and external orders in every state of their life. */
async function fill(tx: TenantTx): Promise<void> {
  const machines = await tx.query<{ id: number; category_id: number | null }>(
    'select id, category_id from equipment where tenant_id = $1 and deleted_at is null order by id limit 4',
    [tx.tenantId],
  );
  if (machines.rows.length === 0) return;
  const vctx = await readContext(tx, vendorEntity, 'zh');
  const cctx = await readContext(tx, contactEntity, 'zh');
  const kctx = await readContext(tx, contractEntity, 'zh');
  const octx = await readContext(tx, externalOrderEntity, 'zh');
  const vendors: { id: unknown; contract: unknown }[] = [];
  for (const [code, name, services, phone, [person, position, mobile], [from, to, scoped]] of VENDORS) {
    const v = await createRow(tx, vctx, { code, name, services, phone }, { system: true });
    await createRow(
      tx,
      cctx,
      { vendorId: v.id, name: person, position, phone: mobile, isPrimary: true },
      { system: true },
    );
    const contract = await createRow(
      tx,
      kctx,
      {
        vendorId: v.id,
        code: `HT-${code}`,
        validFrom: day(from),
        validTo: day(to),
        categoryId: scoped ? machines.rows[0]!.category_id : null,
        scope: services,
        jobLimit: '30000.00',
      },
      { system: true },
    );
    vendors.push({ id: v.id, contract: to >= 0 ? contract.id : null });
  }
  for (const [i, [vendor, kind, description, steps]] of ORDERS.entries()) {
    // Orders of the first vendor stay on the first machine: its contract covers that machine's category.
    const machine = vendor === 0 ? machines.rows[0]! : machines.rows[i % machines.rows.length]!;
    const order = await createRow(
      tx,
      octx,
      {
        code: await nextOrderCode(tx),
        equipmentId: machine.id,
        vendorId: vendors[vendor]!.id,
        contractId: vendors[vendor]!.contract,
        kind,
        description,
        planStart: day(-10 + i),
        planFinish: day(i),
      },
      { system: true },
    );
    for (const [action, input] of steps)
      await runAction(tx, externalOrderEntity, action, order.id, input, 'zh', { ctx: octx });
  }
}

export async function fillExternalDemo(db: Database, tenantId: number): Promise<void> {
  const admin = await db.query<{ id: number }>('select id from users where tenant_id = $1 order by id limit 1', [
    tenantId,
  ]);
  await withTenant(db, tenantId, admin.rows[0]?.id ?? null, fill);
}
