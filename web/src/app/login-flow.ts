import { clearSession, setToken, writeSession } from '../platform/session/storage';

/** The tokens the login call answers. */
export interface TokenAnswer {
  access_token: string;
  refresh_token?: string;
}

interface LoginFlow {
  /** Keeps the session the login answered. */
  begin: (answer: TokenAnswer) => void;
  /** Goes to a path of the application. */
  go: (to: string, options?: { replace?: boolean }) => void;
}

/**
 * What the login page does after a login, without the router: /login opens on its own entry (no router, no
 * page registry, no component library), so the page asks this instead. The login entry sets it to "start the
 * application at that path"; the application, once started, to its router and its session store.
 */
export const loginFlow: LoginFlow = {
  begin: (answer) => {
    clearSession();
    setToken(answer.access_token);
    writeSession('refreshToken', answer.refresh_token);
  },
  go: (to) => window.location.assign(to),
};

export function setLoginFlow(flow: Partial<LoginFlow>): void {
  Object.assign(loginFlow, flow);
}

/** Only same-site paths are followed after login. */
export function safeRedirect(value: string | null | undefined): string {
  const ok = value?.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
  return ok && value ? value : '/';
}
