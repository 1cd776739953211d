/** Password rules (spec 5). Each check returns a message key of the password namespace, or null when valid. */
export type PasswordMessage =
  | 'validation.originalRequired'
  | 'validation.newRequired'
  | 'validation.tooShort'
  | 'validation.tooSimple'
  | 'validation.confirmRequired'
  | 'validation.mismatch';

/** The check is "under 7 characters" although the message says 8 (spec 5, 9). */
export const PASSWORD_MIN_CHECK = 7;

const CHINESE = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/g;

/** Chinese characters are stripped from the password fields. */
export const stripChinese = (value: string): string => value.replace(CHINESE, '');

export function checkOriginal(value: string | undefined): PasswordMessage | null {
  return value ? null : 'validation.originalRequired';
}

export function checkNewPassword(value: string | undefined): PasswordMessage | null {
  if (!value) return 'validation.newRequired';
  if (value.length < PASSWORD_MIN_CHECK) return 'validation.tooShort';
  if (!/[A-Za-z]/.test(value) || !/\d/.test(value)) return 'validation.tooSimple';
  return null;
}

export function checkConfirm(value: string | undefined, newPassword: string | undefined): PasswordMessage | null {
  if (!value) return 'validation.confirmRequired';
  if (value !== newPassword) return 'validation.mismatch';
  return null;
}
