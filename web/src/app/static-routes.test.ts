import { describe, expect, it } from 'vitest';
import { isPublicPath } from './static-routes';

describe('isPublicPath', () => {
  it('lets the breakdown report of a QR label through without a session', () => {
    expect(isPublicPath('/report/3-abcdefghijklmnopqrstuv')).toBe(true);
    expect(isPublicPath('/report/3-abcdefghijklmnopqrstuv/')).toBe(true);
  });
  it("lets the health registration of the tenant's poster through without a session", () => {
    expect(isPublicPath('/survey/3-abcdefghijklmnopqrstuv')).toBe(true);
    expect(isPublicPath('/survey/')).toBe(false);
    expect(isPublicPath('/healthSurvey/index')).toBe(false);
    expect(isPublicPath('/cert/3-abcdefghijklmnopqrstuv')).toBe(true);
  });
  it('keeps the rest behind login', () => {
    expect(isPublicPath('/report')).toBe(false);
    expect(isPublicPath('/report/')).toBe(false);
    expect(isPublicPath('/reports/x')).toBe(false);
    expect(isPublicPath('/repair_admin/task/0')).toBe(false);
    expect(isPublicPath('/login')).toBe(true);
  });
});
