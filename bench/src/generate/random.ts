/** A small deterministic generator: the same seed makes the same factory on every run and database. */
export type Random = () => number;

export function random(seed: number): Random {
  let s = seed % 2_147_483_648;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

export const pick = <T>(r: Random, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

/** A day between the start of `from` and the end of `to`, as YYYY-MM-DD. */
export const day = (r: Random, from: number, to: number): string =>
  new Date(Date.UTC(from, 0, 1) + r() * (Date.UTC(to, 11, 31) - Date.UTC(from, 0, 1))).toISOString().slice(0, 10);

export const pad = (n: number, width: number): string => String(n).padStart(width, '0');
