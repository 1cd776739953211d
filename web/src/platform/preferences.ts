import { getCookie, setCookie } from './session/cookies';

export type Lang = 'zh' | 'en' | 'tw';
export const LANGS: readonly Lang[] = ['zh', 'en', 'tw'];

/** Names of the languages as shown in the language switches (spec 2.3): each in its own language. */
export const LANG_LABELS: Record<Lang, string> = { zh: '中文', en: 'English', tw: '繁体' };
export const DEFAULT_LANG: Lang = 'zh';

/** Below this page width the device is mobile and the sidebar becomes an overlay drawer. */
export const MOBILE_BREAKPOINT = 992;
export const SIDEBAR_WIDTH = 256;
export const SIDEBAR_COLLAPSED_WIDTH = 64;

const SIDEBAR_COOKIE = 'sidebarStatus';
const LANG_COOKIE = 'language';

export const isLang = (v: unknown): v is Lang => typeof v === 'string' && (LANGS as readonly string[]).includes(v);

export function readLang(): Lang {
  const v = getCookie(LANG_COOKIE);
  return isLang(v) ? v : DEFAULT_LANG;
}

export function writeLang(lang: Lang): void {
  setCookie(LANG_COOKIE, lang, 365);
}

/** Sidebar opened (cookie '1') or closed ('0'); opened when never set. */
export function readSidebarOpened(): boolean {
  return getCookie(SIDEBAR_COOKIE) !== '0';
}

export function writeSidebarOpened(opened: boolean): void {
  setCookie(SIDEBAR_COOKIE, opened ? '1' : '0', 365);
}

export const isMobileWidth = (width: number): boolean => width < MOBILE_BREAKPOINT;
