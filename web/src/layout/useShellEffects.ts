import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../app/session';
import { on } from '../platform/events';
import { isMobileWidth } from '../platform/preferences';
import { connectSocket, socketUrl } from '../platform/realtime/socket';
import { getToken } from '../platform/session/storage';
import { withFeedback } from '../platform/ui/feedback';
import { announceDownload } from './download-notice';
import { DOWNLOADS_QUERY_KEY } from './downloads-model';
import { openPassword, setDevice, setDownloadsOpen } from './layout-store';

/** Device follows the page width: mobile under 992 px (spec 2.2, 4). */
export function useDeviceWatcher(): void {
  useEffect(() => {
    const update = () => setDevice(isMobileWidth(window.innerWidth) ? 'mobile' : 'desktop');
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
}

/** window.dispatchEvent(new CustomEvent('eam:password-reset', { detail: { peopleId, name } })) opens the reset dialog. */
export const PASSWORD_RESET_DOM_EVENT = 'eam:password-reset';

let overdueShownFor: string | number | null = null;

/** The overdue notice (no auto-dismiss) and the forced password change, once per session (spec 2.3, 2.4). */
export function useStartupNotices(user: CurrentUser | null): void {
  const { t } = useTranslation('layout');
  useEffect(() => {
    if (!user) return;
    const days = Number(user.accountOverdue) || 0;
    if (days > 0 && overdueShownFor !== user.id) {
      overdueShownFor = user.id;
      withFeedback((f) =>
        f.notification.warning({
          key: 'account-overdue',
          title: t('overdue', { n: days }),
          duration: 0,
          placement: 'topRight',
        }),
      );
    }
    if (user.updatePassword) openPassword('forced');
  }, [user, t]);

  useEffect(() => {
    const offs = [
      on('password:reset', ({ peopleId, name }) => openPassword('reset', peopleId, name)),
      on('password:change', () => openPassword('normal')),
      on('downloads:open', () => setDownloadsOpen(true)),
    ];
    // The same reset event as a DOM event, for code outside the bundle (an embedded frame, a script).
    const onWindowReset = (e: Event) => {
      const detail = (e as CustomEvent<{ peopleId?: string | number; name?: string }>).detail;
      if (detail?.peopleId !== undefined) openPassword('reset', detail.peopleId, detail.name);
    };
    window.addEventListener(PASSWORD_RESET_DOM_EVENT, onWindowReset);
    return () => {
      for (const off of offs) off();
      window.removeEventListener(PASSWORD_RESET_DOM_EVENT, onWindowReset);
    };
  }, []);
}

/**
 * The user's socket: the downloads reload when a message arrives, and a download that became ready (or
 * failed) is announced with its link wherever the user is (spec 2.4, 4); a changed record of a live entity
 * ({ type: 'record', entity, id }) reloads that entity's open lists and records.
 */
export function useDownloadSocket(userId: string | number | undefined): void {
  const queryClient = useQueryClient();
  const { t } = useTranslation('layout');
  // The socket stays open through a language switch (a new one would lose what is pushed in between).
  const tRef = useRef(t);
  tRef.current = t;
  useEffect(() => {
    if (userId === undefined || userId === null || userId === '') return;
    return connectSocket(
      () => socketUrl(userId, getToken()),
      (msg) => {
        // A machine sent values (domains/das; at most a few pushes a second): its open page reads them again.
        if (msg.type === 'das' && Array.isArray(msg.devices)) {
          for (const id of msg.devices) void queryClient.invalidateQueries({ queryKey: ['das-live', Number(id)] });
          return;
        }
        if (msg.type === 'record' && typeof msg.entity === 'string') {
          void queryClient.invalidateQueries({ queryKey: ['resource-page', msg.entity] });
          void queryClient.invalidateQueries({ queryKey: ['resource-row', msg.entity] });
          return;
        }
        void queryClient.invalidateQueries({ queryKey: [DOWNLOADS_QUERY_KEY] });
        if (msg.type === 'download' && Number(msg.id) > 0)
          void announceDownload(Number(msg.id), tRef.current).catch(() => {});
      },
      // Whatever was pushed while the socket was away is lost: a file that became ready, a record that changed.
      () => {
        for (const key of [DOWNLOADS_QUERY_KEY, 'resource-page', 'resource-row'])
          void queryClient.invalidateQueries({ queryKey: [key] });
      },
    );
  }, [userId, queryClient]);
}
