import type { Plant } from './plant.js';
import { day, pad, pick, type Random } from './random.js';
import { MACHINE_KINDS, MOULD_KINDS, MOULD_MAKERS, STATUSES, SUPPLIERS } from './vocabulary.js';

/** The workshop a point in [0, total weight) falls on. */
function weighted(list: Plant['workshops'], at: number): Plant['workshops'][number] {
  let left = at;
  for (const w of list) {
    left -= w.kind.weight;
    if (left < 0) return w;
  }
  return list[0]!;
}

/**
 * Equipment records in the wire form of the equipment entity, made `count` at a time: workshops get machines
 * by their weight, each machine a category its workshop uses, a line of that workshop, a code
 * <workshop>-<category>-<number>, a model and maker of that category, dates and a value that fit.
 */
export function equipmentMaker(r: Random, plant: Plant, categoryNames: Map<string, string>, keepers: number[]) {
  const total = plant.workshops.reduce((s, w) => s + w.kind.weight, 0);
  const seq = new Map<string, number>();
  return (count: number): Record<string, unknown>[] => {
    const out: Record<string, unknown>[] = [];
    for (let i = 0; i < count; i++) {
      const shop = weighted(plant.workshops, r() * total);
      const category = pick(r, shop.kind.machines);
      const kind = MACHINE_KINDS[category]!;
      const key = `${shop.code}-${category}`;
      const n = (seq.get(key) ?? 0) + 1;
      seq.set(key, n);
      const line = pick(r, shop.lines);
      const purchase = day(r, 2012, 2024);
      const [low, high] = kind.value;
      out.push({
        code: `${key}-${pad(n, 5)}`,
        name: `${categoryNames.get(category)} ${n}#`,
        model: pick(r, kind.models),
        specification: categoryNames.get(category),
        categoryId: plant.categories.get(category),
        workshopId: shop.id,
        lineId: line.id,
        location: `${line.name}${pad(Math.floor(r() * 60) + 1, 2)}工位`,
        importance: r() < 0.25 ? 'A' : r() < 0.65 ? 'B' : 'C',
        status: pick(r, STATUSES),
        manufacturer: pick(r, kind.makers),
        supplier: pick(r, SUPPLIERS),
        serialNumber: `SN${purchase.replace(/-/g, '')}${pad(Math.floor(r() * 90_000) + 10_000, 5)}`,
        purchaseDate: purchase,
        commissioningDate: purchase.replace(/-\d\d$/, '-28'),
        originalValue: (Math.round((low + r() * (high - low)) / 100) * 100).toFixed(2),
        warrantyEnd: `${Number(purchase.slice(0, 4)) + 3}${purchase.slice(4).replace('-02-29', '-02-28')}`,
        responsibleId: keepers.length ? pick(r, keepers) : null,
      });
    }
    return out;
  };
}

/** Moulds of the injection and stamping kinds, mounted on machines of the matching category where there are any. */
export function moulds(
  r: Random,
  count: number,
  plant: Plant,
  hosts: { injection: number[]; stamping: number[] },
): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const [category, prefix, parts] = MOULD_KINDS[i % MOULD_KINDS.length]!;
    const part = pick(r, parts);
    const cavities = category === 'MOLD-IA' ? pick(r, [1, 1, 2, 4]) : 1;
    const ratedLife = category === 'MOLD-IA' ? 500_000 * cavities : pick(r, [1_500_000, 2_000_000, 3_000_000]);
    const share = i % 7 === 0 ? 0.9 + r() * 0.09 : r() * 0.85;
    const list = category === 'MOLD-IA' ? hosts.injection : hosts.stamping;
    out.push({
      code: `${prefix}-${pad(i + 1, 5)}`,
      name: `${part}${category === 'MOLD-IA' ? '注塑模' : category === 'MOLD-SP' ? '级进模' : '落料模'}`,
      model: `${prefix}${1000 + (i % 9000)}`,
      categoryId: plant.categories.get(category),
      importance: cavities >= 4 ? 'A' : 'B',
      status: r() < 0.85 ? 'running' : 'standby',
      manufacturer: pick(r, MOULD_MAKERS),
      purchaseDate: day(r, 2018, 2024),
      originalValue: (80_000 + Math.round(r() * 400) * 1000).toFixed(2),
      cavities,
      ratedLife,
      usedShots: Math.round(ratedLife * share),
      lifeWarnPercent: 90,
      equipmentId: list.length && r() < 0.7 ? pick(r, list) : null,
    });
  }
  return out;
}
