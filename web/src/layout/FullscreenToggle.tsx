import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { writeSession } from '../platform/session/storage';
import { toast } from '../platform/ui/feedback';

/** Below this screen width the page is shrunk to 0.8 zoom in full screen (spec 2.3, 9). */
export const FULLSCREEN_ZOOM_BELOW = 1920;
export const FULLSCREEN_ZOOM = 0.8;

export function FullscreenToggle() {
  const { t } = useTranslation('layout');
  const [full, setFull] = useState(() => Boolean(document.fullscreenElement));

  useEffect(() => {
    const onChange = () => {
      const isFull = Boolean(document.fullscreenElement);
      setFull(isFull);
      const enlarge = isFull && window.screen.width < FULLSCREEN_ZOOM_BELOW;
      document.body.style.zoom = enlarge ? String(FULLSCREEN_ZOOM) : '';
      writeSession('isenlarge', enlarge ? '1' : null);
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggle = () => {
    if (!document.fullscreenEnabled) {
      toast('warning', t('errors:fullscreenUnsupported'));
      return;
    }
    if (document.fullscreenElement) void document.exitFullscreen();
    else
      void document.documentElement
        .requestFullscreen()
        .catch(() => toast('warning', t('errors:fullscreenUnsupported')));
  };

  return (
    <Tooltip title={t(full ? 'navbar.exitFullscreen' : 'navbar.fullscreen')}>
      <Button
        type="text"
        className="navbar-action"
        icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={toggle}
        aria-label={t(full ? 'navbar.exitFullscreen' : 'navbar.fullscreen')}
        data-testid="fullscreen-toggle"
      />
    </Tooltip>
  );
}
