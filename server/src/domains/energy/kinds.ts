/** How a reading came: by hand (the phone page or the list), from a spreadsheet, or from a machine-data tag. */
export const SOURCES = ['hand', 'import', 'machine'] as const;
/**
 * normal: the register went on counting. replacement: a new meter was fitted (value is the new meter's first
 * reading, oldFinalValue the removed one's last). rollover: the register passed its maximum and began again at 0.
 */
export const READING_KINDS = ['normal', 'replacement', 'rollover'] as const;
export type ReadingKind = (typeof READING_KINDS)[number];
/** Time-of-use periods: 尖 sharp, 峰 peak, 平 flat, 谷 valley. */
export const PERIOD_KINDS = ['sharp', 'peak', 'flat', 'valley'] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];
