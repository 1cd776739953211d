import {
  ApartmentOutlined,
  AppstoreOutlined,
  BellOutlined,
  CalendarOutlined,
  DownloadOutlined,
  RightOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Statistic } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { flattenRoutes } from '../../app/menu-routes';
import { hasPermission, useSession } from '../../app/session';
import { type SidebarItem, sidebarItems } from '../../app/sidebar-items';
import { useTitleOf } from '../../app/titles';
import { MenuIcon } from '../../layout/icons';
import { UNREAD_QUERY_KEY } from '../../layout/MessageBell';
import { COMPANY_MANAGE } from '../../layout/UserMenu';
import { getData } from '../../platform/http/client';
import { OperatorOverview } from '../operator/OperatorOverview';
import { HomePanel } from '../reports/HomePanel';
import { useChosenPictures } from './login-background';
import { fetchDownloads } from './queries';
import './shell-pages.css';

const firstLink = (item: SidebarItem): string | null => {
  if (item.kind === 'link') return item.external ? null : item.path;
  for (const c of item.children) {
    const p = firstLink(c);
    if (p) return p;
  }
  return null;
};

const countLinks = (item: SidebarItem): number =>
  item.kind === 'link' ? 1 : item.children.reduce((n, c) => n + countLinks(c), 0);

function greetingKey(hour: number): string {
  if (hour < 6) return 'dashboard.greeting.night';
  if (hour < 12) return 'dashboard.greeting.morning';
  if (hour < 18) return 'dashboard.greeting.afternoon';
  return 'dashboard.greeting.evening';
}

/**
 * Dashboard: the user's company, real counts and the modules the user may open. No invented figures. For the
 * platform company (root) the operator's console.
 */
export default function DashboardPage() {
  const { t } = useTranslation('shell');
  const session = useSession();
  const titleOf = useTitleOf();
  const user = session.user;
  const unread = useQuery({
    queryKey: UNREAD_QUERY_KEY,
    queryFn: () => getData<number>('/api-core/msgtype/getUnreadNum'),
  });
  const downloads = useQuery({ queryKey: ['downloads', 'summary'], queryFn: () => fetchDownloads(1, 1) });
  const modules = useMemo(
    () => sidebarItems(session.routes).filter((i) => i.kind === 'submenu' || !i.meta.titleKey),
    [session.routes],
  );
  const pageCount = useMemo(
    () => flattenRoutes(session.routes).filter(({ route }) => !route.hidden && route.meta.id).length,
    [session.routes],
  );
  const expiry = user?.company?.expiryDate ? dayjs(user.company.expiryDate) : null;
  const daysLeft = expiry ? expiry.startOf('day').diff(dayjs().startOf('day'), 'day') : null;
  const { banner } = useChosenPictures();

  return (
    <div className="shell-page dashboard" data-testid="dashboard">
      <section
        className={banner ? 'dashboard-hero dashboard-hero--picture' : 'dashboard-hero'}
        data-testid="dashboard-hero"
        // The operator's banner (/operatesys/picture) under a shade that keeps the white text readable.
        style={
          banner
            ? { backgroundImage: `linear-gradient(rgba(15, 23, 42, 0.45), rgba(15, 23, 42, 0.45)), url("${banner}")` }
            : undefined
        }
      >
        <div>
          <div className="dashboard-hero__greeting">
            {t(greetingKey(new Date().getHours()), { name: user?.peoplename || user?.username || '' })}
          </div>
          <div className="dashboard-hero__meta">
            {[...new Set([user?.company?.name, user?.blocOrg?.organizationName].filter(Boolean))].join(' · ')}
          </div>
          {user?.company?.groupLead && hasPermission(COMPANY_MANAGE, session) ? (
            <Link to="/group" className="dashboard-hero__group" data-testid="dashboard-group">
              <ApartmentOutlined /> {t('group:link')} <RightOutlined />
            </Link>
          ) : null}
        </div>
        <div className="dashboard-hero__date">{dayjs().format(t('common:time.longDate'))}</div>
      </section>

      <Row gutter={[16, 16]} className="dashboard-stats">
        <Col xs={12} lg={6}>
          <Card variant="borderless" className="stat-card">
            <Link to="/mes/message">
              <Statistic
                title={t('dashboard.unread')}
                value={unread.data ?? 0}
                prefix={<BellOutlined />}
                loading={unread.isLoading}
              />
            </Link>
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card variant="borderless" className="stat-card">
            <Statistic
              title={t('dashboard.downloads')}
              value={downloads.data?.count ?? 0}
              prefix={<DownloadOutlined />}
              loading={downloads.isLoading}
            />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card variant="borderless" className="stat-card">
            <Statistic title={t('dashboard.pages')} value={pageCount} prefix={<AppstoreOutlined />} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card variant="borderless" className="stat-card">
            <Statistic
              title={t('dashboard.expiry')}
              value={expiry ? expiry.format('YYYY-MM-DD') : t('dashboard.noExpiry')}
              prefix={<CalendarOutlined />}
              styles={{ content: { fontSize: 20 } }}
            />
            {daysLeft !== null ? (
              <div className={`stat-card__hint${daysLeft < 30 ? ' is-warning' : ''}`}>
                {daysLeft >= 0 ? t('dashboard.daysLeft', { count: daysLeft }) : t('dashboard.expired')}
              </div>
            ) : null}
          </Card>
        </Col>
      </Row>

      {/* The platform company runs no factory: its people (root) get the operator's console instead. */}
      {user?.company?.isPlatform ? <OperatorOverview /> : <HomePanel />}

      <Card variant="borderless" title={t('dashboard.modules')} className="dashboard-modules">
        {modules.length === 0 ? (
          <Empty description={t('dashboard.noModules')} />
        ) : (
          <div className="module-grid">
            {modules.map((m) => {
              const to = firstLink(m);
              const body = (
                <>
                  <span className="module-tile__icon">
                    <MenuIcon name={m.icon} />
                  </span>
                  <span className="module-tile__text">
                    <span className="module-tile__title">{titleOf(m.meta)}</span>
                    <span className="module-tile__count">{t('dashboard.pageCount', { count: countLinks(m) })}</span>
                  </span>
                  <RightOutlined className="module-tile__arrow" />
                </>
              );
              return to ? (
                <Link key={m.key} to={to} className="module-tile" data-testid="module-tile">
                  {body}
                </Link>
              ) : (
                <span key={m.key} className="module-tile">
                  {body}
                </span>
              );
            })}
          </div>
        )}
      </Card>
    </div>
  );
}
