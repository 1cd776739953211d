import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { on } from '../platform/events';
import { useStore } from '../platform/store';
import { closeFrame, tabsStore } from './tabs-store';

/**
 * Embedded frame pages for menus with an external URL: created on first visit, kept alive, shown only while
 * the path matches; a close-frame event hides it (spec 2.2).
 */
export function FramesLayer({ path }: { path: string }) {
  const { t } = useTranslation('layout');
  const { frames } = useStore(tabsStore);
  useEffect(() => on('frame:close', ({ path: p }) => closeFrame(p)), []);
  return (
    <>
      {frames.map((f) => (
        <div
          key={f.path}
          className="app-frame"
          style={{ display: f.path === path ? 'block' : 'none' }}
          data-testid="frame"
          data-path={f.path}
        >
          <iframe src={f.url} title={t('frame.title')} className="app-frame__iframe" />
        </div>
      ))}
    </>
  );
}
