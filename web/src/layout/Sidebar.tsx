import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buildTitleKey } from '../app/app-title';
import { useSession } from '../app/session';
import { type SidebarItem, sidebarItems } from '../app/sidebar-items';
import { normalizePath } from '../app/static-routes';
import { useTitleOf } from '../app/titles';
import { LogoMark } from '../domains/shell/LogoMark';
import { buildUrl } from '../platform/http/client';
import { MenuIcon } from './icons';

type MenuItems = NonNullable<MenuProps['items']>;

function ancestorsOf(items: SidebarItem[], path: string, trail: string[] = []): string[] | null {
  for (const item of items) {
    if (item.kind === 'link' && item.key === path) return trail;
    if (item.kind === 'submenu') {
      const found = ancestorsOf(item.children, path, [...trail, item.key]);
      if (found) return found;
    }
  }
  return null;
}

/** Collapsed logo when closed, otherwise the tenant logo from the session; links to / (spec 2.2). */
function SidebarLogo({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const company = useSession().user?.company;
  const logo = company?.orglogo;
  const name = company?.name || t(buildTitleKey());
  const src = logo ? (/^(https?:|data:)/.test(logo) ? logo : buildUrl(logo)) : '';
  return (
    <Link to="/" className={`sidebar-logo${collapsed ? ' is-collapsed' : ''}`} data-testid="sidebar-logo" title={name}>
      {collapsed ? (
        <LogoMark size={32} />
      ) : (
        <>
          {src ? (
            <img src={src} alt="" className="sidebar-logo__img" data-testid="tenant-logo" />
          ) : (
            <LogoMark size={32} />
          )}
          <span className="sidebar-logo__title">{name}</span>
        </>
      )}
    </Link>
  );
}

/** The side menu built from the permitted routes, dark blue (spec 2.2, 9). */
export function Sidebar({ collapsed }: { collapsed: boolean }) {
  const { routes } = useSession();
  const titleOf = useTitleOf();
  const { pathname } = useLocation();
  const path = normalizePath(pathname);
  const items = useMemo(() => sidebarItems(routes), [routes]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => ancestorsOf(items, path) ?? []);

  useEffect(() => {
    const trail = ancestorsOf(items, path);
    if (trail?.length) setOpenKeys((keys) => [...new Set([...keys, ...trail])]);
  }, [items, path]);

  // Top-level entries always have an icon (they alone show when collapsed); nested ones only their own.
  const toMenu = (list: SidebarItem[], depth = 0): MenuItems =>
    list.map((item) => {
      const title = titleOf(item.meta);
      const icon = depth === 0 || item.icon ? <MenuIcon key="icon" name={item.icon} /> : undefined;
      if (item.kind === 'submenu') {
        return {
          key: item.key,
          icon,
          label: <span data-testid={`menu-sub-${item.key}`}>{title}</span>,
          children: toMenu(item.children, depth + 1),
        };
      }
      return {
        key: item.key,
        icon,
        label: item.external ? (
          <a href={item.path} target="_blank" rel="noopener noreferrer" data-testid={`menu-link-${item.key}`}>
            {title}
          </a>
        ) : (
          <Link to={item.path} data-testid={`menu-link-${item.key}`}>
            {title}
          </Link>
        ),
      };
    });

  return (
    <div className="sidebar" data-testid="sidebar">
      <SidebarLogo collapsed={collapsed} />
      <div className="sidebar-scroll">
        <Menu
          mode="inline"
          theme="dark"
          inlineCollapsed={collapsed}
          selectedKeys={[path]}
          {...(collapsed ? {} : { openKeys, onOpenChange: (keys: string[]) => setOpenKeys(keys) })}
          items={toMenu(items)}
          inlineIndent={20}
        />
      </div>
    </div>
  );
}
