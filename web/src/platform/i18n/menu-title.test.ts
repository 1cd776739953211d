import { describe, expect, it } from 'vitest';
import { menuTitle, menuTitleKey } from './menu-title';

describe('menu titles by language (spec 1)', () => {
  const menu = { title: '设备台账', id: '0b7c-11ee-9a' };
  const titles: Record<string, string> = { '0b7c11ee9a': 'Equipment ledger' };
  const translate = (k: string) => titles[k];

  it('builds the key from the menu id without dashes', () => {
    expect(menuTitleKey('a1-b2-c3')).toBe('a1b2c3');
  });

  it('uses the menu name as given in zh', () => {
    expect(menuTitle(menu, 'zh', translate)).toBe('设备台账');
  });

  it('uses the translation keyed by the id in en and tw, else the name', () => {
    expect(menuTitle(menu, 'en', translate)).toBe('Equipment ledger');
    expect(menuTitle({ title: '车间', id: 'zz' }, 'tw', translate)).toBe('车间');
  });
});
