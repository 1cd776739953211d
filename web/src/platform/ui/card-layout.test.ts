import { describe, expect, it } from 'vitest';
import { ACTIONS_COLUMN, cardColumns, cardPage, cellValue } from './card-layout';

const columns = [
  { key: 'code', dataIndex: 'code', title: '编号' },
  { key: 'name', dataIndex: 'name', title: '名称' },
  { key: 'model', dataIndex: 'model', title: '型号' },
  { key: 'status', dataIndex: 'status', title: '状态' },
  { key: 'maker', dataIndex: 'maker', title: '制造商' },
  { key: 'custom.color', dataIndex: ['custom', 'color'], title: '颜色' },
  { key: ACTIONS_COLUMN, title: '操作' },
];
const keys = (cs: { key?: unknown }[]) => cs.map((c) => c.key);

describe('the columns of a row card', () => {
  it('takes the first column as title, the next three as fields, and the actions column apart', () => {
    const layout = cardColumns(columns);
    expect(keys(layout.title)).toEqual(['code']);
    expect(keys(layout.fields)).toEqual(['name', 'model', 'status']);
    expect(layout.actions?.key).toBe(ACTIONS_COLUMN);
  });

  it('follows the columns the page chooses, skipping unknown ones', () => {
    const layout = cardColumns(columns, { title: ['name', 'code'], fields: ['status', 'custom.color', 'gone'] });
    expect(keys(layout.title)).toEqual(['name', 'code']);
    expect(keys(layout.fields)).toEqual(['status', 'custom.color']);
  });

  it('reads nested values by their data path', () => {
    expect(cellValue({ custom: { color: '红' } }, columns[5]!)).toBe('红');
    expect(cellValue({ custom: null }, columns[5]!)).toBeUndefined();
  });
});

describe("a phone's cards are paged as the table is (issue 45 #20)", () => {
  const rows = Array.from({ length: 23 }, (_, i) => ({ id: i + 1 }));

  it('pages rows kept in the page by the pagination page size', () => {
    const first = cardPage(rows, { pageSize: 10 }, 1)!;
    expect(first.rows.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(first).toMatchObject({ current: 1, pageSize: 10, total: 23 });
    expect(cardPage(rows, { pageSize: 10 }, 3)!.rows.map((r) => r.id)).toEqual([21, 22, 23]);
    // A page beyond the last (the rows changed) shows the last.
    expect(cardPage(rows, { pageSize: 10 }, 9)!.current).toBe(3);
  });

  it("shows the server's page as given", () => {
    const page = cardPage(rows.slice(0, 20), { current: 4, pageSize: 20, total: 300 }, 1)!;
    expect(page).toMatchObject({ current: 4, pageSize: 20, total: 300 });
    expect(page.rows).toHaveLength(20);
  });

  it('leaves a list without pages whole', () => {
    expect(cardPage(rows, false, 1)).toBeNull();
    expect(cardPage(rows, undefined, 1)).toBeNull();
  });
});
