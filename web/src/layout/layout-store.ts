import { readSidebarOpened, writeSidebarOpened } from '../platform/preferences';
import { readSession, writeSession } from '../platform/session/storage';
import { createStore } from '../platform/store';

export type PasswordMode = 'normal' | 'forced' | 'reset';

export interface LayoutState {
  /** Sidebar opened (desktop) or drawer open (mobile). */
  sidebarOpened: boolean;
  /** Change without animation (when the device switches). */
  withoutAnimation: boolean;
  device: 'desktop' | 'mobile';
  password: { mode: PasswordMode; peopleId?: string | number; name?: string } | null;
  downloadsOpen: boolean;
  locked: boolean;
}

export const layoutStore = createStore<LayoutState>({
  sidebarOpened: readSidebarOpened(),
  withoutAnimation: false,
  device: 'desktop',
  password: null,
  downloadsOpen: false,
  locked: readSession('locked') === '1',
});

/** Sidebar toggle; on desktop the state is kept in a cookie as 1 or 0 (spec 4). */
export function toggleSidebar(): void {
  const { sidebarOpened, device } = layoutStore.get();
  const next = !sidebarOpened;
  if (device === 'desktop') writeSidebarOpened(next);
  layoutStore.set((s) => ({ ...s, sidebarOpened: next, withoutAnimation: false }));
}

export function closeSidebar(withoutAnimation = false): void {
  layoutStore.set((s) => (s.sidebarOpened ? { ...s, sidebarOpened: false, withoutAnimation } : s));
}

/** Desktop ↔ mobile; on mobile the sidebar closes, back on desktop it takes the saved state again. */
export function setDevice(device: 'desktop' | 'mobile'): void {
  if (layoutStore.get().device === device) return;
  layoutStore.set((s) => ({
    ...s,
    device,
    sidebarOpened: device === 'mobile' ? false : readSidebarOpened(),
    withoutAnimation: true,
  }));
}

export function openPassword(mode: PasswordMode, peopleId?: string | number, name?: string): void {
  layoutStore.set((s) => ({ ...s, password: { mode, peopleId, name } }));
}

export function closePassword(): void {
  layoutStore.set((s) => ({ ...s, password: null }));
}

export function setDownloadsOpen(open: boolean): void {
  layoutStore.set((s) => ({ ...s, downloadsOpen: open }));
}

export function setLocked(locked: boolean): void {
  writeSession('locked', locked ? '1' : null);
  layoutStore.set((s) => ({ ...s, locked }));
}
