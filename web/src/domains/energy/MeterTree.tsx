import { useQuery } from '@tanstack/react-query';
import { DatePicker, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '../../platform/ui/ResponsiveTable';
import { useNarrow } from '../../platform/ui/useMediaQuery';
import { useEntityMeta } from '../../resources/api';
import { fetchRollup } from './api';
import { meterTree, type TreeRow } from './tree';

/**
 * The meters as a tree with the period's consumption: each main meter's own figure, what its sub-meters
 * measured, and the difference they do not measure (other users, losses).
 */
export default function MeterTree() {
  const { t } = useTranslation('energy');
  const narrow = useNarrow();
  const { data: meta } = useEntityMeta('energymeter');
  const types = meta?.fields.find((f) => f.name === 'energyType')?.options ?? [];
  const [energyType, setEnergyType] = useState<string | undefined>();
  const type = energyType ?? (types[0]?.value as string | undefined);
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().startOf('month'), dayjs()]);
  const from = range[0].format('YYYY-MM-DD');
  const to = range[1].format('YYYY-MM-DD');
  const { data, isLoading } = useQuery({
    queryKey: ['energy-rollup', type, from, to],
    queryFn: () => fetchRollup({ energyType: type, from, to }),
    enabled: !!type,
  });
  const { roots, flat } = meterTree(data ?? []);
  const columns = [
    {
      key: 'meter',
      title: t('tree.meter'),
      render: (_: unknown, r: TreeRow) => `${narrow ? '· '.repeat(r.depth) : ''}${r.code} ${r.name}`,
    },
    {
      key: 'quantity',
      title: t('tree.quantity'),
      render: (_: unknown, r: TreeRow) => `${r.quantity} ${r.unit ?? ''}`,
    },
    {
      key: 'children',
      title: t('tree.subMeters'),
      render: (_: unknown, r: TreeRow) => (r.subMeters ? r.childrenQuantity : '—'),
    },
    {
      key: 'unmetered',
      title: t('tree.unmetered'),
      render: (_: unknown, r: TreeRow) =>
        r.unmetered === null ? (
          '—'
        ) : (
          <Typography.Text type={Number(r.unmetered) < 0 ? 'danger' : undefined}>{r.unmetered}</Typography.Text>
        ),
    },
    { key: 'cost', title: t('tree.cost'), render: (_: unknown, r: TreeRow) => r.cost ?? '—' },
  ];
  return (
    <div data-testid="energy-tree">
      <div className="energy-filters">
        <Select
          value={type}
          onChange={setEnergyType}
          options={types.map((o) => ({ value: String(o.value), label: o.label }))}
          aria-label={t('charts.energyType')}
        />
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
        />
      </div>
      <Typography.Paragraph type="secondary">{t('tree.explain')}</Typography.Paragraph>
      <ResponsiveTable<TreeRow>
        rowKey="id"
        loading={isLoading}
        columns={columns}
        dataSource={narrow ? flat.map(({ children: _c, ...r }) => r) : roots}
        pagination={false}
        expandable={narrow ? undefined : { defaultExpandAllRows: true }}
      />
    </div>
  );
}
