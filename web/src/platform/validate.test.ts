import { describe, expect, it } from 'vitest';
import { isExternal, isValidUrl, matchesPattern } from './validate';

describe('link tests and named patterns (spec 5)', () => {
  it('treats http, https, mailto and tel as external links', () => {
    for (const v of ['http://a.b', 'https://a.b', 'mailto:x@y.z', 'tel:123']) expect(isExternal(v)).toBe(true);
    expect(isExternal('/setUp/role')).toBe(false);
    expect(isExternal('ftp://a.b')).toBe(false);
  });

  it('accepts http, https and ftp in the strict URL pattern', () => {
    expect(isValidUrl('https://example.com/a')).toBe(true);
    expect(isValidUrl('ftp://example.com')).toBe(true);
    expect(isValidUrl('mailto:x@y.z')).toBe(false);
  });

  it('offers the named patterns', () => {
    expect(matchesPattern('mobile', '13812345678')).toBe(true);
    expect(matchesPattern('password', 'abc12')).toBe(false);
    expect(matchesPattern('password', 'abc_123')).toBe(true);
    expect(matchesPattern('ip', '192.168.1.1')).toBe(true);
    expect(matchesPattern('guid', '123e4567-e89b-12d3-a456-426614174000')).toBe(true);
  });
});
