import { describe, expect, it } from 'vitest';
import { checkConfirm, checkNewPassword, checkOriginal, stripChinese } from './rules';

describe('password rules (spec 5)', () => {
  it('requires the original password', () => {
    expect(checkOriginal('')).toBe('validation.originalRequired');
    expect(checkOriginal(undefined)).toBe('validation.originalRequired');
    expect(checkOriginal('x')).toBeNull();
  });

  it('requires a new password', () => {
    expect(checkNewPassword('')).toBe('validation.newRequired');
  });

  it('refuses fewer than 7 characters (the message says 8)', () => {
    expect(checkNewPassword('abc123')).toBe('validation.tooShort');
    expect(checkNewPassword('abcd123')).toBeNull();
  });

  it('needs both a letter and a digit', () => {
    expect(checkNewPassword('abcdefgh')).toBe('validation.tooSimple');
    expect(checkNewPassword('12345678')).toBe('validation.tooSimple');
    expect(checkNewPassword('!!!!!!!!')).toBe('validation.tooSimple');
    expect(checkNewPassword('Admin12345')).toBeNull();
  });

  it('requires the confirmation and that it matches', () => {
    expect(checkConfirm('', 'abc1234')).toBe('validation.confirmRequired');
    expect(checkConfirm('abc1235', 'abc1234')).toBe('validation.mismatch');
    expect(checkConfirm('abc1234', 'abc1234')).toBeNull();
  });

  it('strips Chinese characters', () => {
    expect(stripChinese('ab中文12繁體')).toBe('ab12');
    expect(stripChinese('Admin12345')).toBe('Admin12345');
  });
});
