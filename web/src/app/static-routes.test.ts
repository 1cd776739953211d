import { describe, expect, it } from 'vitest';
import { isPublicPath } from './static-routes';

describe('isPublicPath', () => {
  it('lets the breakdown report of a QR label through without a session', () => {
    expect(isPublicPath('/report/3-abcdefghijklmnopqrstuv')).toBe(true);
    expect(isPublicPath('/report/3-abcdefghijklmnopqrstuv/')).toBe(true);
  });
  it('keeps the rest behind login', () => {
    expect(isPublicPath('/report')).toBe(false);
    expect(isPublicPath('/report/')).toBe(false);
    expect(isPublicPath('/reports/x')).toBe(false);
    expect(isPublicPath('/repair_admin/task/0')).toBe(false);
    expect(isPublicPath('/login')).toBe(true);
  });
});
