import { type Envelope, getData, HttpError, http, setUnauthorizedHandler } from '../platform/http/client';
import { currentLang, i18n, loadMenuLocale, setMenuLocaleLoader } from '../platform/i18n';
import type { Lang } from '../platform/preferences';
import {
  clearSession,
  getToken,
  readSession,
  readSessionJson,
  setToken,
  writeSession,
  writeSessionJson,
} from '../platform/session/storage';
import { createStore, useStore } from '../platform/store';
import { toast } from '../platform/ui/feedback';
import { generateRoutes } from './generate-routes';
import { menuPermissions, menusToRoutes } from './menu-routes';
import { registerMesNotify } from './mes-notify';
import type { MenuNode, RouteRecord } from './route-types';
import type { CurrentUser, UserInfo } from './session-types';
import { LAYOUT_ROUTES } from './static-routes';

export type { CurrentUser, UserInfo } from './session-types';

export interface SessionState {
  /**
   * idle: roles not loaded; loading: user info being fetched; ready: routes generated; unreachable: the start got
   * no answer (the session is kept and can be started again).
   */
  status: 'idle' | 'loading' | 'ready' | 'unreachable';
  roles: string[];
  info: UserInfo | null;
  user: CurrentUser | null;
  /** Permitted routes: static routes and routes of the menus. */
  routes: RouteRecord[];
  /** Permission codes (ext4) of the user. */
  permissions: string[];
}

const EMPTY: SessionState = { status: 'idle', roles: [], info: null, user: null, routes: [], permissions: [] };

export const sessionStore = createStore<SessionState>(EMPTY);
export const useSession = (): SessionState => useStore(sessionStore);

/** Permission code that switches the design display on (spec 6). */
export const DESIGN_SCAN = 'back:design:scan';

export const hasPermission = (code: string, state: SessionState = sessionStore.get()): boolean =>
  state.permissions.includes(code);

/** The session-flow error shown when user info cannot be verified (spec 8). */
export class SessionError extends Error {}

// Menu titles need a session: a language picked on the login page must not call for them (a 401 there
// clears the page and reloads it); the session start loads them.
setMenuLocaleLoader(async (lang: Lang) =>
  getToken() ? getData<Record<string, string>>('/api-user/sys/menuLocale', { lang }) : {},
);

async function fetchUserInfo(): Promise<UserInfo> {
  const res = await http.get<Envelope<UserInfo | null>>('/user/info', { token: getToken() });
  const data = res?.data;
  if (!data) throw new SessionError(i18n.t('errors:verificationFailed'));
  if (!Array.isArray(data.roles) || data.roles.length === 0) throw new SessionError(i18n.t('errors:rolesRequired'));
  return data;
}

function storeUser(user: CurrentUser): void {
  writeSession('userId', user.id);
  writeSession('tenantId', user.tenantid);
  writeSession('orgId', user.organizationid ?? user.blocOrg?.id);
  writeSession('userName', user.username);
  writeSession('peopleName', user.peoplename);
  writeSession('companyName', user.company?.name);
  writeSession('companyLogo', user.company?.orglogo);
  writeSession('isMes', user.isMes ? '1' : '0');
  writeSession('updatePassword', user.updatePassword ? '1' : '0');
}

/** Menus and permitted routes from session storage when present, otherwise from the server (spec 2.2). */
async function loadMenuRoutes(): Promise<{ routes: RouteRecord[]; codes: string[] }> {
  const jur = readSessionJson<RouteRecord[]>('jur');
  const codes = readSessionJson<string[]>('menusMe');
  if (Array.isArray(jur) && Array.isArray(codes)) return { routes: jur, codes };
  let menus = readSessionJson<MenuNode[]>('menusAll');
  if (!Array.isArray(menus)) {
    const res = await http.get<{ rtnCode: number; me?: MenuNode[]; data?: MenuNode[] }>('/api-user/sys/me');
    menus = res.me ?? res.data ?? [];
    writeSessionJson('menusAll', menus);
  }
  const routes = menusToRoutes(menus);
  const permissionCodes = menuPermissions(menus);
  writeSessionJson('jur', routes);
  writeSessionJson('menusMe', permissionCodes);
  return { routes, codes: permissionCodes };
}

let pending: Promise<void> | null = null;

/** Token without roles: fetch user info, then generate routes (spec 4). */
export function bootstrapSession(): Promise<void> {
  if (pending) return pending;
  pending = (async () => {
    sessionStore.set((s) => ({ ...s, status: 'loading' }));
    try {
      const info = await fetchUserInfo();
      const [user, menus] = await Promise.all([getData<CurrentUser>('/api-user/users/current'), loadMenuRoutes()]);
      if (!user) throw new SessionError(i18n.t('errors:verificationFailed'));
      storeUser(user);
      // MES messages (spec 7.1): registered when the session's isMes is set, without holding up the start.
      void registerMesNotify(user);
      await loadMenuLocale(currentLang());
      const permissions = [...new Set([...(user.permissions ?? []), ...menus.codes])];
      writeSession('isDesign', permissions.includes(DESIGN_SCAN) ? '1' : '0');
      sessionStore.set({
        status: 'ready',
        roles: info.roles,
        info,
        user,
        routes: generateRoutes(info.roles, LAYOUT_ROUTES, menus.routes),
        permissions,
      });
    } catch (err) {
      sessionStore.set(EMPTY);
      throw err;
    } finally {
      pending = null;
    }
  })();
  return pending;
}

/**
 * Reloads the user's menus, permitted routes and permission codes from the server, after the company's own
 * menus changed (a custom form published to the menu or taken out of it).
 */
export async function refreshMenus(): Promise<void> {
  for (const key of ['menusAll', 'jur', 'menusMe'] as const) writeSession(key, null);
  const [user, menus] = await Promise.all([getData<CurrentUser>('/api-user/users/current'), loadMenuRoutes()]);
  await loadMenuLocale(currentLang());
  sessionStore.set((s) => ({
    ...s,
    user: user ?? s.user,
    routes: generateRoutes(s.roles, LAYOUT_ROUTES, menus.routes),
    permissions: [...new Set([...(user?.permissions ?? []), ...menus.codes])],
  }));
}

/** Whether the error has already been shown to the user by the HTTP client. */
export const alreadyReported = (err: unknown): boolean => err instanceof HttpError;

/**
 * Whether a failed session start ends the session: only the server's answer that the token is no good (a 401,
 * or user info without a user or roles). A call that got no answer (aborted by a reload, offline, timed out) or
 * a server error keeps the token and the stored session, to be started again.
 */
export const endsSession = (err: unknown): boolean =>
  err instanceof SessionError || (err instanceof HttpError && err.reason === 'unauthorized');

/**
 * The route guard's session start (spec 4): ready, or ended (cleared, the error shown; the guard goes to /), or
 * kept when no answer came (status unreachable: the guard offers to try again).
 */
export async function startSession(): Promise<'ready' | 'ended' | 'kept'> {
  try {
    await bootstrapSession();
    return 'ready';
  } catch (err) {
    if (endsSession(err)) {
      resetSession();
      if (!alreadyReported(err)) toast('error', err instanceof Error ? err.message : String(err));
      return 'ended';
    }
    sessionStore.set({ ...EMPTY, status: 'unreachable' });
    return 'kept';
  }
}

/** After an unanswered start: back to idle, so the guard starts the session again. */
export const retrySession = (): void => sessionStore.set(EMPTY);

/** Front-end logout: clears storage without a call. */
export function resetSession(): void {
  clearSession();
  sessionStore.set(EMPTY);
}

/** How long the "log in again" message of a 401 shows before the page reloads. */
const RELOAD_AFTER_401_MS = 1200;

// A 401 (spec 8): the session ends, then the page reloads and the guard sends the user to the login page.
// Only the stored session is cleared now: the page stays as it is (with its message) until the reload.
setUnauthorizedHandler(() => {
  clearSession();
  setTimeout(() => window.location.reload(), RELOAD_AFTER_401_MS);
});

/** The tokens a login answers (password, registration or hand-over key). */
export interface TokenAnswer {
  access_token: string;
  refresh_token?: string;
}

/** Starts a fresh session from a login answer; the route guard then loads the user and their menus. */
export function beginSession(answer: TokenAnswer): void {
  resetSession();
  setToken(answer.access_token);
  writeSession('refreshToken', answer.refresh_token);
}

/** Logout: calls the server with the access token, then clears token, menus and roles. */
export async function logout(): Promise<void> {
  try {
    if (getToken()) await http.get('/sys/logout');
  } catch {
    // The session is cleared regardless; the client has reported the failure.
  } finally {
    resetSession();
  }
}

/** Company name and logo from the session (the sidebar logo, the dashboard title). */
export const sessionCompany = () => ({
  name: sessionStore.get().user?.company?.name ?? readSession('companyName') ?? '',
  logo: sessionStore.get().user?.company?.orglogo ?? readSession('companyLogo') ?? '',
});
