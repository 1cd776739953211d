import { MobileOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, Space, Tabs } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { hasPermission } from '../../app/session';
import { ResourceListPage } from '../../resources/ResourceListPage';
import './energy.css';

const EnergyCharts = lazy(() => import('./EnergyCharts'));
const MeterTree = lazy(() => import('./MeterTree'));
const TariffTab = lazy(() => import('./TariffTab'));

const TABS = ['charts', 'meters', 'tree', 'readings', 'tariffs', 'targets'] as const;
type Tab = (typeof TABS)[number];

/** The buttons over the meter list: the reading page, the printable reading sheet and labels of the chosen meters. */
function MeterTools({ selected, codes }: { selected: number[]; codes: string[] }) {
  const { t } = useTranslation('energy');
  const navigate = useNavigate();
  const ids = selected.join(',');
  return (
    <Space wrap>
      {(hasPermission('energy:read') || hasPermission('energy:add')) && (
        <Button
          icon={<MobileOutlined />}
          onClick={() =>
            navigate(codes.length ? `/energy/read?route=${encodeURIComponent(codes.join(','))}` : '/energy/read')
          }
          data-testid="energy-read-page"
        >
          {t('tools.read')}
        </Button>
      )}
      {hasPermission('energy:print') && (
        <>
          <Button
            icon={<PrinterOutlined />}
            onClick={() => window.open(`/printEnergy?mode=sheet${ids ? `&ids=${ids}` : ''}`, '_blank')}
            data-testid="energy-print-sheet"
          >
            {t('tools.sheet')}
          </Button>
          <Button
            icon={<PrinterOutlined />}
            disabled={!selected.length}
            onClick={() => window.open(`/printEnergy?mode=labels&ids=${ids}`, '_blank')}
            data-testid="energy-print-labels"
          >
            {t('tools.labels')}
          </Button>
        </>
      )}
    </Space>
  );
}

/**
 * /energy/list (能源管理): consumption and cost charts, the meters (list and tree with what sub-meters do not
 * measure), readings, time-of-use tariffs and monthly targets.
 */
export default function EnergyPage() {
  const { t } = useTranslation('energy');
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && TABS.includes(asked) ? asked : 'charts';
  const body = (key: Tab) => {
    switch (key) {
      case 'charts':
        return <EnergyCharts />;
      case 'meters':
        return (
          <ResourceListPage
            entity="energymeter"
            toolbarExtra={(ctx) => (
              <MeterTools selected={ctx.selected} codes={ctx.selectedRows.map((r) => String(r.code))} />
            )}
          />
        );
      case 'tree':
        return <MeterTree />;
      case 'readings':
        return <ResourceListPage entity="energyreading" />;
      case 'tariffs':
        return <TariffTab />;
      case 'targets':
        return <ResourceListPage entity="energytarget" />;
    }
  };
  return (
    <Tabs
      className="energy-page"
      activeKey={tab}
      onChange={(k) => setParams({ tab: k }, { replace: true })}
      destroyOnHidden
      items={TABS.map((key) => ({
        key,
        label: t(`tabs.${key}`),
        children: <Suspense fallback={null}>{body(key)}</Suspense>,
      }))}
    />
  );
}
