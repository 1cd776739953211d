import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResolvedView } from '../app/resolve';
import { useTitleOf } from '../app/titles';
import { useStore } from '../platform/store';
import { LanguageSwitch } from '../platform/ui/LanguageSwitch';
import { Breadcrumbs } from './Breadcrumbs';
import { FullscreenToggle } from './FullscreenToggle';
import { LockToggle } from './LockToggle';
import { layoutStore, toggleSidebar } from './layout-store';
import { MessageBell } from './MessageBell';
import { UserMenu } from './UserMenu';

/** Top navbar (spec 2.3). */
export function Navbar({ view, path }: { view: ResolvedView | null; path: string }) {
  const { t } = useTranslation('layout');
  const { sidebarOpened, device } = useStore(layoutStore);
  const titleOf = useTitleOf();
  const mobile = device === 'mobile';
  return (
    <div className="navbar" data-testid="navbar">
      <Button
        type="text"
        className="navbar-action hamburger"
        icon={sidebarOpened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={toggleSidebar}
        aria-label={t('navbar.toggleSidebar')}
        aria-expanded={sidebarOpened}
        data-testid="sidebar-toggle"
      />
      {mobile ? (
        <span className="navbar-title">{view ? titleOf(view.meta) : ''}</span>
      ) : (
        <Breadcrumbs view={view} path={path} />
      )}
      <div className="navbar-right">
        {mobile ? null : <FullscreenToggle />}
        <LanguageSwitch className="navbar-action" />
        {mobile ? null : <LockToggle />}
        <MessageBell />
        <UserMenu compact={mobile} />
      </div>
    </div>
  );
}
