import type { PrintKind } from './layout-wire.js';

/** What a kind of template prints: the entity of its records and the lists of them a table may show. */
export interface KindDef {
  readonly entity: string;
  readonly tables: Readonly<Record<string, string>>;
}

/**
 * The kinds of template (spec 7.5 printTemplates) and the print pages that use them: machine labels
 * (/printQRcode), spare-part and bin labels (/spare/labels), meter labels (/printEnergy), the repair order sheet
 * (/repairtemplate) and the check, patrol and maintenance task sheets (/checktemplate, /inspecttemplate,
 * /bytemplate).
 */
export const KINDS: Readonly<Record<PrintKind, KindDef>> = {
  equipmentLabel: { entity: 'equipment', tables: {} },
  spareLabel: { entity: 'sparepart', tables: {} },
  binLabel: { entity: 'warehouseline', tables: {} },
  meterLabel: { entity: 'energymeter', tables: {} },
  repairSheet: { entity: 'maintaintask', tables: { labour: 'repairlabour', parts: 'repairpart' } },
  checkSheet: { entity: 'checktask', tables: { details: 'checktaskdtl' } },
  patrolSheet: { entity: 'checktask', tables: { details: 'checktaskdtl' } },
  maintainSheet: { entity: 'checktask', tables: { details: 'checktaskdtl' } },
};

export const PRINT_KINDS = Object.keys(KINDS) as PrintKind[];

/**
 * Values every print page gives beside the record's fields: `scan`, what the product's scanners read for the
 * record (the machine's record link, SP:<part code>, BIN:<bin code>, the meter's reading link, the order's link,
 * the machine's code on a task sheet), and `printedAt`, the time of printing. A table row has `no`, its number.
 */
export const RECORD_EXTRAS = ['scan', 'printedAt'] as const;
export const ROW_EXTRAS = ['no'] as const;
