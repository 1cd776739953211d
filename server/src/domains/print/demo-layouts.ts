import type { PrintKind, PrintLayout } from './layout-wire.js';

/** A demo template: its kind, size in mm and layout; the name is the kind's own label in zh. */
export interface DemoTemplate {
  name: string;
  kind: PrintKind;
  widthMm: number;
  heightMm: number;
  layout: PrintLayout;
}

const label = (kind: PrintKind, name: string, lines: string[], barcode: string): DemoTemplate => ({
  name,
  kind,
  widthMm: 60,
  heightMm: 40,
  layout: {
    elements: [
      { kind: 'qr', x: 2, y: 2, w: 22, h: 22, content: '{scan}' },
      { kind: 'field', x: 26, y: 2, w: 32, h: 6, field: 'code', fontSize: 10, bold: true },
      ...lines.map((field, i) => ({ kind: 'field' as const, x: 26, y: 9 + i * 5, w: 32, h: 5, field, fontSize: 7 })),
      { kind: 'barcode', x: 2, y: 27, w: 56, h: 11, content: barcode, symbology: 'code128', showText: true },
    ],
  },
});

const taskSheet = (kind: PrintKind, name: string, title: string): DemoTemplate => ({
  name,
  kind,
  widthMm: 210,
  heightMm: 297,
  layout: {
    elements: [
      { kind: 'text', x: 15, y: 12, w: 150, h: 10, text: title, fontSize: 16, bold: true },
      { kind: 'field', x: 15, y: 24, w: 90, h: 6, field: 'code', showLabel: true },
      { kind: 'field', x: 105, y: 24, w: 70, h: 6, field: 'equipmentId', showLabel: true },
      { kind: 'field', x: 15, y: 31, w: 90, h: 6, field: 'dueAt', showLabel: true },
      { kind: 'field', x: 105, y: 31, w: 70, h: 6, field: 'assigneeId', showLabel: true },
      { kind: 'qr', x: 175, y: 10, w: 22, h: 22, content: '{scan}' },
      {
        kind: 'table',
        x: 15,
        y: 42,
        w: 180,
        h: 220,
        source: 'details',
        rowHeight: 8,
        fontSize: 8,
        columns: [
          { field: 'no', width: 10 },
          { field: 'name', width: 50 },
          { field: 'standard', width: 50 },
          { field: 'result', width: 35 },
          { field: 'note', width: 35 },
        ],
      },
      { kind: 'text', x: 15, y: 270, w: 90, h: 8, text: '签字：', fontSize: 10 },
      { kind: 'field', x: 120, y: 270, w: 75, h: 8, field: 'printedAt', showLabel: true, fontSize: 8 },
    ],
  },
});

/** The demo tenant's templates, one per kind; none is the default, so the print pages keep their built-in layout
 * until the tenant chooses one (each page offers its kind's templates). */
export const DEMO_TEMPLATES: DemoTemplate[] = [
  label('equipmentLabel', '设备标签 60×40', ['name', 'model', 'workshopId'], '{code}'),
  label('spareLabel', '备件标签 60×40', ['name', 'specification', 'unit'], '{code}'),
  label('binLabel', '库位标签 60×40', ['name'], '{code}'),
  label('meterLabel', '仪表标签 60×40', ['name', 'energyType', 'workshopId'], '{code}'),
  {
    name: '维修工单 A4',
    kind: 'repairSheet',
    widthMm: 210,
    heightMm: 297,
    layout: {
      elements: [
        { kind: 'text', x: 15, y: 12, w: 150, h: 10, text: '设备维修单', fontSize: 16, bold: true },
        { kind: 'barcode', x: 15, y: 24, w: 70, h: 12, content: '{code}', symbology: 'code128', showText: true },
        { kind: 'qr', x: 175, y: 10, w: 22, h: 22, content: '{scan}' },
        { kind: 'field', x: 15, y: 40, w: 90, h: 6, field: 'equipmentId', showLabel: true },
        { kind: 'field', x: 105, y: 40, w: 90, h: 6, field: 'reportedAt', showLabel: true },
        { kind: 'field', x: 15, y: 47, w: 90, h: 6, field: 'urgency', showLabel: true },
        { kind: 'field', x: 105, y: 47, w: 90, h: 6, field: 'assigneeId', showLabel: true },
        { kind: 'field', x: 15, y: 55, w: 180, h: 16, field: 'phenomenon', showLabel: true },
        { kind: 'field', x: 15, y: 73, w: 180, h: 16, field: 'remedy', showLabel: true },
        {
          kind: 'table',
          x: 15,
          y: 94,
          w: 180,
          h: 60,
          source: 'labour',
          rowHeight: 7,
          fontSize: 8,
          columns: [
            { field: 'no', width: 15 },
            { field: 'userId', width: 60 },
            { field: 'hours', width: 30 },
            { field: 'remark', width: 75 },
          ],
        },
        {
          kind: 'table',
          x: 15,
          y: 160,
          w: 180,
          h: 90,
          source: 'parts',
          rowHeight: 7,
          fontSize: 8,
          columns: [
            { field: 'no', width: 15 },
            { field: 'sparePartId', width: 70 },
            { field: 'quantity', width: 30 },
            { field: 'unitPrice', width: 30 },
            { field: 'remark', width: 35 },
          ],
        },
        { kind: 'field', x: 15, y: 256, w: 90, h: 6, field: 'totalCost', showLabel: true },
        { kind: 'text', x: 15, y: 270, w: 90, h: 8, text: '维修人签字：', fontSize: 10 },
        { kind: 'field', x: 120, y: 270, w: 75, h: 8, field: 'printedAt', showLabel: true, fontSize: 8 },
      ],
    },
  },
  taskSheet('checkSheet', '点检任务单 A4', '点检任务单'),
  taskSheet('patrolSheet', '巡检任务单 A4', '巡检任务单'),
  taskSheet('maintainSheet', '保养任务单 A4', '保养任务单'),
];
