/**
 * Exact decimal arithmetic for quantities and costs (numeric columns travel as strings): values are scaled
 * integers (bigint), so a moving average never picks up a float's rounding.
 */
export type Units = bigint;

/** "12.5" at scale 2 → 1250n. */
export function units(value: unknown, scale: number): Units {
  const s = String(value ?? '0').trim() || '0';
  const m = /^(-)?(\d*)(?:\.(\d*))?$/.exec(s);
  if (!m) throw new Error(`not a decimal: ${s}`);
  const frac = (m[3] ?? '').padEnd(scale + 1, '0');
  let n = BigInt((m[2] || '0') + frac.slice(0, scale));
  if (Number(frac[scale]) >= 5) n += 1n;
  return m[1] ? -n : n;
}

/** 1250n at scale 2 → "12.50". */
export function text(n: Units, scale: number): string {
  const neg = n < 0n;
  const digits = (neg ? -n : n).toString().padStart(scale + 1, '0');
  const out = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return neg ? `-${out}` : out;
}

/** a / b rounded half away from zero. */
export function divRound(a: Units, b: Units): Units {
  if (b === 0n) throw new Error('division by zero');
  const neg = a < 0n !== b < 0n;
  const [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  const q = (x * 2n + y) / (2n * y);
  return neg ? -q : q;
}

/** Quantities at scale 2, unit costs at scale 4, amounts at scale 2. */
export const Q = 2;
export const C = 4;
export const A = 2;

/** The amount of a quantity at a unit cost: q (scale 2) × c (scale 4) → scale 2. */
export const amountOf = (q: Units, c: Units): Units => divRound(q * c, 10n ** 4n);

/**
 * The moving average after a receipt: (stock × average + quantity × cost) / (stock + quantity), at scale 4;
 * from an empty (or negative-free zero) stock it is the receipt's cost.
 */
export function movingAverage(stock: Units, average: Units, quantity: Units, cost: Units): Units {
  const total = stock + quantity;
  if (total <= 0n) return cost;
  return divRound(stock * average + quantity * cost, total);
}
