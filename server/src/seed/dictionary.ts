/**
 * The dictionary every new tenant starts with (copied from the item templates). Names come from
 * locales/<lang>/dictionary.json under "<parent code>" and "<parent code>.<child code>".
 */
export const dictionaryTemplate: { code: string; children: string[] }[] = [
  { code: 'WorkType', children: ['mechanic', 'electrician', 'fitter', 'welder', 'operator'] },
  { code: 'energytype', children: ['electricity', 'water', 'gas', 'steam', 'compressedAir'] },
  { code: 'eqstatus', children: ['running', 'standby', 'repairing', 'stopped', 'scrapped'] },
  { code: 'importance', children: ['A', 'B', 'C'] },
  { code: 'faulttype', children: ['mechanical', 'electrical', 'hydraulic', 'pneumatic', 'software', 'other'] },
  { code: 'unit', children: ['piece', 'set', 'box', 'meter', 'kilogram', 'litre'] },
  { code: 'repairproblem', children: ['wear', 'leak', 'noise', 'overheat', 'nopower', 'alarm'] },
  { code: 'repaircause', children: ['aging', 'misuse', 'lubrication', 'design', 'external'] },
  { code: 'repairremedy', children: ['replace', 'adjust', 'clean', 'weld', 'reset'] },
  { code: 'scrapreason', children: ['material', 'dimension', 'surface', 'setup', 'machine', 'operator'] },
];
