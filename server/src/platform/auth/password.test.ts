import { describe, expect, it } from 'vitest';
import { hashPassword, passwordRuleError, stripChinese, verifyPassword } from './password.js';

describe('passwords', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const h = await hashPassword('abc12345');
    expect(h.startsWith('scrypt$')).toBe(true);
    expect(await verifyPassword('abc12345', h)).toBe(true);
    expect(await verifyPassword('abc12346', h)).toBe(false);
    expect(await verifyPassword('abc12345', undefined)).toBe(false);
  });

  it('applies the rules of spec 5 in order', () => {
    expect(passwordRuleError('', '')?.key).toBe('errors.password.required');
    expect(passwordRuleError('ab12', 'ab12')?.key).toBe('errors.password.tooShort');
    expect(passwordRuleError('abc123', 'abc123')?.key).toBe('errors.password.tooShort');
    expect(passwordRuleError('abcdefg', 'abcdefg')?.key).toBe('errors.password.tooSimple');
    expect(passwordRuleError('1234567', '1234567')?.key).toBe('errors.password.tooSimple');
    expect(passwordRuleError('abc1234', '')?.key).toBe('errors.password.confirmRequired');
    expect(passwordRuleError('abc1234', 'abc1235')).toEqual({
      field: 'verifynewpassword',
      key: 'errors.password.mismatch',
    });
    expect(passwordRuleError('abc1234', 'abc1234')).toBeNull();
  });

  it('strips Chinese characters', () => {
    expect(stripChinese('ab中文12')).toBe('ab12');
  });
});
