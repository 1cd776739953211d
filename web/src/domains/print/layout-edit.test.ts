import { describe, expect, it } from 'vitest';
import { dragged, elementOfField, newElement, sampleRecord } from './layout-edit';
import type { PrintElement } from './types';

const box: PrintElement = { kind: 'qr', x: 10, y: 10, w: 20, h: 20, content: '{scan}' };
const page = { w: 60, h: 40 };

describe('the designer moves and sizes elements on the page', () => {
  it('moves in half millimetres and never off the page', () => {
    expect(dragged(box, 'move', 3.3, -1.2, page)).toMatchObject({ x: 13.5, y: 9 });
    expect(dragged(box, 'move', 100, 100, page)).toMatchObject({ x: 40, y: 20 });
    expect(dragged(box, 'move', -100, -100, page)).toMatchObject({ x: 0, y: 0 });
  });

  it('resizes from the corner within the page, to a millimetre at least', () => {
    expect(dragged(box, 'resize', 5, 2.2, page)).toMatchObject({ w: 25, h: 22 });
    expect(dragged(box, 'resize', 100, 100, page)).toMatchObject({ w: 50, h: 30 });
    expect(dragged(box, 'resize', -100, -100, page)).toMatchObject({ w: 1, h: 1 });
  });

  it('makes new elements that fit a small label', () => {
    const table = newElement('table', { w: 40, h: 30 }, 'details');
    expect(table).toMatchObject({ w: 40, h: 30, source: 'details' });
    expect(newElement('barcode', { w: 30, h: 10 }, null)).toMatchObject({ w: 30, h: 10, symbology: 'code128' });
  });

  it("finds the element a server's refusal names", () => {
    expect(elementOfField('layout.elements.3.columns.1.field')).toBe(3);
    expect(elementOfField('layout')).toBeNull();
    expect(elementOfField(undefined)).toBeNull();
  });

  it('previews fields by their labels and each list with three numbered rows', () => {
    const s = sampleRecord('repairSheet', { code: 'Code' }, { labour: { hours: 'Hours' } });
    expect(s.values.code).toBe('[Code]');
    expect(s.lists.labour!.rows.map((r) => [r.no, r.hours])).toEqual([
      ['1', '[Hours]'],
      ['2', '[Hours]'],
      ['3', '[Hours]'],
    ]);
  });
});
