import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;
const N = 16384;
const r = 8;
const p = 1;
const LEN = 32;

/** scrypt, stored as scrypt$N$r$p$salt$hash (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, LEN, { N, r, p });
  return ['scrypt', N, r, p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

const dummy = hashPassword('dummy-password-for-timing');

/** Checks a password; with no stored hash it still spends the same time, so timing tells no user names. */
export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  const [algo, n, rr, pp, salt, hash] = (stored ?? (await dummy)).split('$');
  if (algo !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(rr),
    p: Number(pp),
  });
  return stored !== undefined && timingSafeEqual(actual, expected);
}

/** Chinese characters are stripped from password fields (spec 5). */
export const stripChinese = (v: unknown): string =>
  typeof v === 'string' ? v.replace(/[\u3400-\u9fff\uf900-\ufaff]/g, '') : '';

/**
 * The password rules of spec 5, in the order the dialog checks them. Returns the message key of the
 * first broken rule and the field it concerns, or null.
 */
export function passwordRuleError(
  newpassword: string,
  verifynewpassword: string,
): { field: 'newpassword' | 'verifynewpassword'; key: string } | null {
  if (!newpassword) return { field: 'newpassword', key: 'errors.password.required' };
  if (newpassword.length < 7) return { field: 'newpassword', key: 'errors.password.tooShort' };
  if (!/[A-Za-z]/.test(newpassword) || !/\d/.test(newpassword))
    return { field: 'newpassword', key: 'errors.password.tooSimple' };
  if (!verifynewpassword) return { field: 'verifynewpassword', key: 'errors.password.confirmRequired' };
  if (verifynewpassword !== newpassword) return { field: 'verifynewpassword', key: 'errors.password.mismatch' };
  return null;
}
