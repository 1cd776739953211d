import { describe, expect, it } from 'vitest';
import { ACTIONS_COLUMN, cardColumns, cellValue } from './card-layout';

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
