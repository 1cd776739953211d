import { getCookie, removeCookie, setCookie } from './cookies';

/** Cookie holding the access token (spec 3.1, 9). */
export const TOKEN_COOKIE = 'Admin-Token';

/** Session-storage keys of the session values (spec 3.1, 9). */
export const SESSION_KEYS = {
  refreshToken: 'refreshToken',
  userId: 'userid',
  tenantId: 'tenantid',
  orgId: 'orgid',
  userName: 'username',
  peopleName: 'peoplename',
  companyName: 'companyname',
  companyLogo: 'orglogo',
  /** Permission codes (ext4 of menu buttons and of the current user). */
  menusMe: 'menusMe',
  /** The server's menu tree for the user. */
  menusAll: 'menusAll',
  /** Permitted routes converted from the menus. */
  jur: 'jur',
  isMes: 'isMes',
  updatePassword: 'updatePassword',
  isenlarge: 'isenlarge',
  /** back:design:scan: the design display is on (spec 6). */
  isDesign: 'isDesign',
  locked: 'locked',
} as const;

export type SessionKey = keyof typeof SESSION_KEYS;

const store = (): Storage | undefined => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

export function getToken(): string {
  return getCookie(TOKEN_COOKIE) ?? '';
}

export function setToken(token: string): void {
  setCookie(TOKEN_COOKIE, token);
}

export function removeToken(): void {
  removeCookie(TOKEN_COOKIE);
}

export function readSession(key: SessionKey): string | null {
  return store()?.getItem(SESSION_KEYS[key]) ?? null;
}

export function writeSession(key: SessionKey, value: string | number | boolean | null | undefined): void {
  const s = store();
  if (!s) return;
  if (value === null || value === undefined) s.removeItem(SESSION_KEYS[key]);
  else s.setItem(SESSION_KEYS[key], String(value));
}

export function readSessionJson<T>(key: SessionKey): T | null {
  const raw = readSession(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeSessionJson(key: SessionKey, value: unknown): void {
  writeSession(key, JSON.stringify(value));
}

/** Clears the token and every session value (token, menus, permitted routes, user and company). */
export function clearSession(): void {
  removeToken();
  const s = store();
  if (!s) return;
  for (const key of Object.values(SESSION_KEYS)) s.removeItem(key);
}
