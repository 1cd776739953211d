import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/repair.json';
import zh from '../../locales/zh/repair.json';
import { dialogValues } from '../../resources/ActionDialog';
import type { FieldMeta } from '../../resources/types';
import { toBody } from '../../resources/values';
import { type Assignee, assigneeOptions } from './assignee-options';

const first: Assignee[] = [
  { id: 1, name: 'Lee', member: true, leader: true, shiftName: null, workgroupName: 'Group A' },
  { id: 2, name: 'Ann', member: true, leader: false, shiftName: 'Day', workgroupName: 'Group A' },
  { id: 3, name: 'Cal', member: false, leader: false, shiftName: 'Day', workgroupName: 'Group B' },
];
const everyone = [1, 2, 3, 4].map((v) => ({ value: v, label: `user ${v}` }));

async function tr(lng: 'en' | 'zh') {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, defaultNS: 'repair', resources: { en: { repair: en }, zh: { repair: zh } } });
  return i18n.t;
}

describe('the assignees offered for a dispatch', () => {
  it("lists the order's work group first with its leader marked, then the others on shift, then everyone else", async () => {
    const groups = assigneeOptions(first, everyone, '', await tr('en'));
    expect(groups.map((g) => g.label)).toEqual(['Work group: Group A', 'On shift now', 'Everyone']);
    expect(groups[0]!.options).toEqual([
      { value: 1, label: 'Lee · leader' },
      { value: 2, label: 'Ann · Day' },
    ]);
    expect(groups[1]!.options).toEqual([{ value: 3, label: 'Cal · Day · Group B' }]);
    expect(groups[2]!.options.map((o) => o.value)).toEqual([4]);
    const zhGroups = assigneeOptions(first, everyone, '', await tr('zh'));
    expect(zhGroups[0]!.label).toBe('本班组：Group A');
    expect(zhGroups[0]!.options[0]!.label).toBe('Lee · 组长');
  });

  it('narrows the first choices by the keyword and leaves out an empty group', async () => {
    const groups = assigneeOptions(first, everyone, 'ca', await tr('en'));
    expect(groups.map((g) => g.label)).toEqual(['On shift now', 'Everyone']);
    expect(groups[1]!.options.map((o) => o.value)).toEqual([1, 2, 4]);
  });
});

describe('the dispatch form', () => {
  const field = (name: string, type: FieldMeta['type']) => ({ name, type, writable: true }) as unknown as FieldMeta;
  const fields = [field('assigneeId', 'ref'), field('workgroupId', 'ref')];
  it("starts from the order's work group, so sending it keeps the group", () => {
    const values = dialogValues({ fields, start: { id: 9, assigneeId: null, workgroupId: 5 } });
    expect(values.workgroupId).toBe(5);
    expect(toBody(fields, { ...values, assigneeId: 2 })).toMatchObject({ assigneeId: 2, workgroupId: 5 });
    expect(dialogValues({ fields }).workgroupId).toBeUndefined();
  });
});
