import { http } from '../platform/http/client';
import type { CurrentUser } from './session-types';

/** The MES message-notify registration (server domains/production/mes-notify-routes.ts). */
export const MES_NOTIFY_PATH = '/api-mes/message/notifyRegister';

/**
 * Spec 7.1: after login, a session whose isMes is set (the company is an MES company) registers the account for
 * MES messages with its tenantID and account; any other session makes no such call. A refusal is shown by the
 * HTTP client and never stops the session.
 */
export async function registerMesNotify(user: Pick<CurrentUser, 'isMes' | 'tenantid' | 'username'>): Promise<boolean> {
  if (!user.isMes || !user.username || user.tenantid === undefined || user.tenantid === null) return false;
  try {
    await http.post(MES_NOTIFY_PATH, { tenantID: user.tenantid, account: user.username });
    return true;
  } catch {
    return false;
  }
}
