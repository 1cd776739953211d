import { describe, expect, it } from 'vitest';
import { choiceTree } from './ref-tree';

describe('choices of a reference to a tree', () => {
  it('nests children under their parents, keeping the order', () => {
    const tree = choiceTree([
      { value: 2, label: '车床', parent: 1 },
      { value: 1, label: '机加工设备', parent: null },
      { value: 3, label: '铣床', parent: 1 },
      { value: 4, label: '动力设备' },
    ]);
    expect(tree).toEqual([
      {
        value: 1,
        title: '机加工设备',
        children: [
          { value: 2, title: '车床' },
          { value: 3, title: '铣床' },
        ],
      },
      { value: 4, title: '动力设备' },
    ]);
  });

  it('puts a choice whose parent is not offered at the top', () => {
    expect(choiceTree([{ value: 5, label: '数控车床', parent: 2 }])).toEqual([{ value: 5, title: '数控车床' }]);
  });
});
