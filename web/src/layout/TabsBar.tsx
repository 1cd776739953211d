import { CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { normalizePath, REDIRECT_PREFIX } from '../app/static-routes';
import { useTitleOf } from '../app/titles';
import { emit } from '../platform/events';
import { useStore } from '../platform/store';
import { timeDisplay } from '../platform/time/format-time';
import { afterClose, type TabView } from './tabs-model';
import { closeAllTabs, closeOtherTabs, closeTab, evict, tabsStore } from './tabs-store';

/** 'just now', 'n minutes ago', 'n hours ago', '1 day ago', then the date (spec 4). */
function VisitedTime({ at }: { at: number }) {
  const { t } = useTranslation('common');
  const [, tick] = useState(0);
  useEffect(() => {
    const id = setInterval(() => tick((n) => n + 1), 30_000);
    return () => clearInterval(id);
  }, []);
  const d = timeDisplay(at);
  const text =
    d.key === 'time.date'
      ? dayjs(d.date).format(t('time.dateFormat'))
      : t(d.key, 'count' in d ? { count: d.count } : {});
  return <span data-testid="tab-time">{t('time.visited', { time: text })}</span>;
}

/** The scroll position that shows the whole tab, moving the bar as little as possible. */
function scrollLeftShowing(bar: HTMLElement, tab: HTMLElement): number {
  const start = tab.getBoundingClientRect().left - bar.getBoundingClientRect().left + bar.scrollLeft;
  const end = start + tab.offsetWidth;
  if (start < bar.scrollLeft) return Math.max(0, start - 12);
  if (end > bar.scrollLeft + bar.clientWidth) return end - bar.clientWidth + 12;
  return bar.scrollLeft;
}

/**
 * The page open now, for a click's decision: the router commits a navigation's location in a transition, so on a
 * slow machine a click can come after the address changed and before this bar rendered it (closing the tab just
 * navigated to then left its page open, and the tab came back).
 */
const openPath = () => normalizePath(window.location.pathname);

/** The tabs bar of visited pages (spec 2.2). */
export function TabsBar() {
  const { t } = useTranslation('layout');
  const titleOf = useTitleOf();
  const navigate = useNavigate();
  const location = useLocation();
  const path = normalizePath(location.pathname);
  const { views } = useStore(tabsStore);
  const scroller = useRef<HTMLDivElement>(null);

  // The tab of a new page is added after this bar renders (the layout's visit effect): wait for it.
  const activeIndex = views.findIndex((v) => v.path === path);
  // biome-ignore lint/correctness/useExhaustiveDependencies: brings the active tab into view once it is there
  useEffect(() => {
    const bar = scroller.current;
    const active = bar?.querySelector<HTMLElement>('.tags-view__item.is-active');
    if (bar && active) bar.scrollLeft = scrollLeftShowing(bar, active);
  }, [activeIndex, views.length]);

  const close = (view: TabView) => {
    if (view.meta.affix) return;
    const remaining = closeTab(view.path);
    if (view.meta.urls) emit('frame:close', { path: view.path });
    if (view.path === openPath()) navigate(afterClose(remaining));
  };

  const refresh = (view: TabView) => {
    evict(view.path);
    navigate(`${REDIRECT_PREFIX}${view.fullPath}`, { replace: true });
  };

  const closeOthers = (view: TabView) => {
    closeOtherTabs(view.path);
    if (view.path !== openPath()) navigate(view.fullPath);
  };

  const closeAll = () => {
    const remaining = closeAllTabs();
    const open = openPath();
    if (!remaining.some((v) => v.path === open)) navigate(afterClose(remaining));
  };

  const menuFor = (view: TabView): MenuProps => ({
    items: [
      {
        key: 'refresh',
        icon: <ReloadOutlined />,
        label: <span data-testid="tab-menu-refresh">{t('tabs.refresh')}</span>,
      },
      {
        key: 'close',
        icon: <CloseOutlined />,
        disabled: Boolean(view.meta.affix),
        label: <span data-testid="tab-menu-close">{t('tabs.close')}</span>,
      },
      { key: 'others', label: <span data-testid="tab-menu-others">{t('tabs.closeOthers')}</span> },
      { key: 'all', label: <span data-testid="tab-menu-all">{t('tabs.closeAll')}</span> },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key === 'refresh') refresh(view);
      else if (key === 'close') close(view);
      else if (key === 'others') closeOthers(view);
      else if (key === 'all') closeAll();
    },
  });

  const onAuxClick = (e: MouseEvent, view: TabView) => {
    if (e.button === 1) {
      e.preventDefault();
      close(view);
    }
  };

  return (
    <div className="tags-view" data-testid="tabs-bar">
      <div
        className="tags-view__scroll"
        ref={scroller}
        onWheel={(e) => {
          if (scroller.current) scroller.current.scrollLeft += e.deltaY;
        }}
      >
        {views.map((view) => {
          const active = view.path === path;
          const title = titleOf(view.meta);
          return (
            <Dropdown key={view.path} menu={menuFor(view)} trigger={['contextMenu']}>
              <Tooltip title={<VisitedTime at={view.visitedAt} />} mouseEnterDelay={0.6} placement="bottom">
                <a
                  href={view.fullPath}
                  className={`tags-view__item${active ? ' is-active' : ''}`}
                  data-testid="tab"
                  data-path={view.path}
                  data-affix={view.meta.affix ? '1' : '0'}
                  aria-current={active ? 'page' : undefined}
                  onClick={(e) => {
                    e.preventDefault();
                    if (view.fullPath !== window.location.pathname + window.location.search) navigate(view.fullPath);
                  }}
                  onMouseDown={(e) => {
                    if (e.button === 1) e.preventDefault();
                  }}
                  onAuxClick={(e) => onAuxClick(e, view)}
                >
                  {active ? <span className="tags-view__dot" /> : null}
                  <span className="tags-view__title">{title}</span>
                  {view.meta.affix ? null : (
                    <CloseOutlined
                      className="tags-view__close"
                      aria-label={t('tabs.close')}
                      data-testid="tab-close"
                      onClick={(e) => {
                        e.preventDefault();
                        e.stopPropagation();
                        close(view);
                      }}
                    />
                  )}
                </a>
              </Tooltip>
            </Dropdown>
          );
        })}
      </div>
    </div>
  );
}
