import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasPermission } from '../../app/session';
import { fetchHomePanel, type HomePanel as Panel } from './api';
import { MtbfDefinition } from './MtbfDefinition';
import './reports.css';

/** Whether a figure went up or down against the 30 days before (null: nothing to compare). */
function Trend({ now, before, betterUp }: { now: unknown; before: unknown; betterUp: boolean }) {
  const { t } = useTranslation('reports');
  if (now === null || now === undefined || before === null || before === undefined) return null;
  const diff = Number(now) - Number(before);
  if (diff === 0) return <span className="home-panel__trend">{t('home.same')}</span>;
  const good = diff > 0 === betterUp;
  return (
    <span className="home-panel__trend" style={{ color: good ? '#389e0d' : '#cf1322' }}>
      {diff > 0 ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {t('home.vsBefore', { value: before })}
    </span>
  );
}

const tile = (to: string, body: React.ReactNode, testId: string) => (
  <Col xs={12} lg={6} key={testId}>
    <Card variant="borderless" className="stat-card" data-testid={testId}>
      <Link to={to}>{body}</Link>
    </Card>
  </Col>
);

/** The home panel (/api-list/homepanel): repair and machine figures, each tile linking to its list or report. */
export function HomePanel() {
  const { t } = useTranslation('reports');
  const allowed = hasPermission('repair_admin:task:view') || hasPermission('workboard:view');
  const panel = useQuery({ queryKey: ['homepanel'], queryFn: fetchHomePanel, enabled: allowed, staleTime: 30_000 });
  if (!allowed) return null;
  const p: Panel | undefined = panel.data;
  const cur = p?.current ?? {};
  const prev = p?.previous ?? {};
  const hoursOr = (v: unknown, none: string) => (v === null || v === undefined ? none : `${v} h`);
  return (
    <div className="home-panel" data-testid="home-panel">
      <Row gutter={[16, 16]}>
        {tile(
          '/repair_admin/task/0',
          <Statistic title={t('home.open')} value={p?.open ?? 0} loading={panel.isLoading} />,
          'home-open',
        )}
        {tile(
          '/repair_admin/task/0?overdue=true',
          <Statistic
            title={t('home.overdue')}
            value={p?.overdue ?? 0}
            loading={panel.isLoading}
            styles={{ content: { color: p?.overdue ? '#cf1322' : undefined } }}
          />,
          'home-overdue',
        )}
        {tile(
          '/equipment/ledger/1?status=repairing',
          <Statistic title={t('home.stopped')} value={p?.stopped ?? 0} loading={panel.isLoading} />,
          'home-stopped',
        )}
        {tile(
          '/reportform/oeechart',
          <>
            <Statistic
              title={t('home.availability')}
              value={cur.availability === null || cur.availability === undefined ? '—' : `${cur.availability}%`}
              loading={panel.isLoading}
            />
            <div className="home-panel__trend">
              {p?.oee?.performance != null && p.oee.quality != null
                ? t('home.oeeFactors', {
                    oee: p.oee.oee ?? '—',
                    performance: p.oee.performance,
                    quality: p.oee.quality,
                  })
                : t('home.availabilityOnly')}
            </div>
            {p?.oee?.withoutData?.count ? (
              <div className="home-panel__trend" data-testid="home-oee-without">
                {t('home.oeeWithout', {
                  count: p.oee.withoutData.count,
                  names: `${p.oee.withoutData.names.join(', ')}${p.oee.withoutData.count > p.oee.withoutData.names.length ? ', …' : ''}`,
                })}
              </div>
            ) : null}
          </>,
          'home-oee',
        )}
        {tile(
          '/reportform/mtchart',
          <>
            <Statistic
              title={t('home.mtbf')}
              value={hoursOr(cur.mtbf, t('home.noFailure'))}
              loading={panel.isLoading}
            />
            <MtbfDefinition running={cur.runningHours} failures={cur.failures} />
            <Trend now={cur.mtbf} before={prev.mtbf} betterUp />
          </>,
          'home-mtbf',
        )}
        {tile(
          '/reportform/mtchart',
          <>
            <Statistic title={t('home.mttr')} value={hoursOr(cur.mttr, '—')} loading={panel.isLoading} />
            <Trend now={cur.mttr} before={prev.mttr} betterUp={false} />
          </>,
          'home-mttr',
        )}
        {tile(
          '/reportform/workshopChart/ft',
          <>
            <Statistic
              title={t('home.repairHours')}
              value={hoursOr(cur.repairHours, '0 h')}
              loading={panel.isLoading}
            />
            <Trend now={cur.repairHours} before={prev.repairHours} betterUp={false} />
          </>,
          'home-repair-hours',
        )}
        {tile(
          '/repair_admin/task/0',
          <Statistic title={t('home.reportedToday')} value={p?.reportedToday ?? 0} loading={panel.isLoading} />,
          'home-today',
        )}
        {p?.energy &&
          tile(
            '/energy/list',
            <>
              <Statistic title={t('home.energy')} value={`${p.energy.quantity} ${p.energy.unit}`} />
              <span className="home-panel__trend">{t('home.energyBefore', { value: p.energy.previous })}</span>
              {p.energy.perPart && (
                <span className="home-panel__trend" data-testid="home-energy-per-part">
                  {t('home.energyPerPart', { value: p.energy.perPart, unit: p.energy.unit })}
                </span>
              )}
            </>,
            'home-energy',
          )}
      </Row>
      <Card
        variant="borderless"
        size="small"
        title={t('home.ranking')}
        className="report-card"
        extra={<Link to="/reportform/faultReasonChart/fr?groupBy=equipment">{t('home.more')}</Link>}
      >
        {p && p.ranking.length === 0 ? (
          <Empty description={t('home.noFailures')} />
        ) : (
          <ol className="home-ranking" data-testid="home-ranking">
            {(p?.ranking ?? []).map((r) => (
              <li key={r.equipmentId}>
                <Link to={`/repair_admin/task/0?equipmentId=${r.equipmentId}`}>
                  {r.code} {r.name}
                </Link>{' '}
                — {t('home.failures', { count: r.failures })}
              </li>
            ))}
          </ol>
        )}
      </Card>
    </div>
  );
}
