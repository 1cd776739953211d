import { lazy, Suspense, useRef } from 'react';
import { useStore } from '../platform/store';
import { layoutStore } from './layout-store';

// The shell's dialogs load their code (forms, tables) the first time they open, not with the shell.
const PasswordDialog = lazy(() => import('./PasswordDialog').then((m) => ({ default: m.PasswordDialog })));
const DownloadsDialog = lazy(() => import('./DownloadsDialog').then((m) => ({ default: m.DownloadsDialog })));
const LockScreen = lazy(() => import('./LockScreen').then((m) => ({ default: m.LockScreen })));

/** True from the first time `now` is true: a dialog once opened stays mounted, so it closes with its animation. */
function useOnceTrue(now: boolean): boolean {
  const seen = useRef(false);
  if (now) seen.current = true;
  return seen.current;
}

/** The change-password dialog, My downloads and the lock screen, each mounted once it is first wanted. */
export function OnDemandDialogs() {
  const { password, downloadsOpen, locked } = useStore(layoutStore);
  const passwordWanted = useOnceTrue(Boolean(password));
  const downloadsWanted = useOnceTrue(downloadsOpen);
  const lockWanted = useOnceTrue(locked);
  return (
    <Suspense fallback={null}>
      {passwordWanted ? <PasswordDialog /> : null}
      {downloadsWanted ? <DownloadsDialog /> : null}
      {lockWanted ? <LockScreen /> : null}
    </Suspense>
  );
}
