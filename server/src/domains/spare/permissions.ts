/** The permission codes of the spare menu's buttons (menu spare.*, seed/menu-tree.ts). */
export const P = {
  stockView: 'spare:stock:view',
  stockIn: 'spare:stock:stockIn',
  stockOut: 'spare:stock:stockOut',
  stockTransfer: 'spare:stock:transfer',
  stocktake: 'spare:stock:stocktake',
  stockExport: 'spare:stock:export',
  inView: 'spare:in:view',
  inAdd: 'spare:in:add',
  inEdit: 'spare:in:edit',
  inDelete: 'spare:in:delete',
  inStockIn: 'spare:in:stockIn',
  inRecall: 'spare:in:recall',
  inExport: 'spare:in:export',
  outView: 'spare:out:view',
  outAdd: 'spare:out:add',
  outEdit: 'spare:out:edit',
  outDelete: 'spare:out:delete',
  outStockOut: 'spare:out:stockOut',
  outRecall: 'spare:out:recall',
  outExport: 'spare:out:export',
  allotView: 'spare:allot:view',
  allotAdd: 'spare:allot:add',
  allotEdit: 'spare:allot:edit',
  allotDelete: 'spare:allot:delete',
  allotTransfer: 'spare:allot:transfer',
  allotRecall: 'spare:allot:recall',
  allotExport: 'spare:allot:export',
  auditView: 'spare:audit:view',
  audit: 'spare:audit:audit',
  auditExport: 'spare:audit:export',
  meaningView: 'spare:meaning:view',
  meaningAdd: 'spare:meaning:add',
  meaningEdit: 'spare:meaning:edit',
  meaningDelete: 'spare:meaning:delete',
  meaningImport: 'spare:meaning:import',
  meaningExport: 'spare:meaning:export',
  inboundView: 'spare:inbound:view',
  inboundStockIn: 'spare:inbound:stockIn',
  inboundRecall: 'spare:inbound:recall',
  inboundExport: 'spare:inbound:export',
  outboundView: 'spare:outbound:view',
  outboundRecall: 'spare:outbound:recall',
  outboundExport: 'spare:outbound:export',
  transferView: 'spare:transfer:view',
  transferRecall: 'spare:transfer:recall',
  transferExport: 'spare:transfer:export',
  reviewView: 'spare:review:view',
  reviewExport: 'spare:review:export',
  detailedView: 'spare:detailed:view',
  detailedPrint: 'spare:detailed:print',
} as const;

export const DOC_TYPES = ['receipt', 'issue', 'transfer', 'adjust'] as const;
export type DocType = (typeof DOC_TYPES)[number];

/** Who may write, submit and post a document of a type (any one code is enough). */
export const WRITE_CODES: Record<DocType, readonly string[]> = {
  receipt: [P.inAdd, P.inEdit, P.inStockIn, P.inboundStockIn, P.stockIn],
  issue: [P.outAdd, P.outEdit, P.outStockOut, P.stockOut],
  transfer: [P.allotAdd, P.allotEdit, P.allotTransfer, P.stockTransfer],
  adjust: [P.stocktake],
};

/** Who may recall a submitted document of a type. */
export const RECALL_CODES: Record<DocType, readonly string[]> = {
  receipt: [P.inRecall, P.inStockIn, P.inboundRecall, P.inboundStockIn, P.stockIn],
  issue: [P.outRecall, P.outboundRecall, P.outStockOut, P.stockOut],
  transfer: [P.allotRecall, P.transferRecall, P.allotTransfer, P.stockTransfer],
  adjust: [P.stocktake],
};

/** The approval business type (act_flows.business_type) of each document type. */
export const APPROVAL_TYPES: Record<DocType, string> = {
  receipt: 'spareIn',
  issue: 'spareOut',
  transfer: 'spareTransfer',
  adjust: 'spareAdjust',
};

export const ALL_WRITE = [...new Set(Object.values(WRITE_CODES).flat())];
export const ALL_RECALL = [...new Set(Object.values(RECALL_CODES).flat())];
export const DOC_VIEW = [
  P.stockView,
  P.inView,
  P.outView,
  P.allotView,
  P.auditView,
  P.inboundView,
  P.outboundView,
  P.transferView,
  P.reviewView,
];
export const DOC_EXPORT = [
  P.stockExport,
  P.inExport,
  P.outExport,
  P.allotExport,
  P.auditExport,
  P.inboundExport,
  P.outboundExport,
  P.transferExport,
  P.reviewExport,
];
