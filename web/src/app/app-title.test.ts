import { describe, expect, it } from 'vitest';
import { appTitleKey } from './app-title';

describe('browser title by build flag (spec 1)', () => {
  it('uses the equipment-management title by default', () => {
    expect(appTitleKey(undefined, undefined)).toBe('app.title.eam');
    expect(appTitleKey('eam', '0')).toBe('app.title.eam');
  });

  it('uses the MES title for the MES build', () => {
    expect(appTitleKey('mes', undefined)).toBe('app.title.mes');
  });

  it('uses the operations-management title when the operations flag is on', () => {
    expect(appTitleKey('mes', '1')).toBe('app.title.ops');
    expect(appTitleKey('eam', '1')).toBe('app.title.ops');
  });
});
