import './external.css';
import { useQuery } from '@tanstack/react-query';
import { Card, Statistic, Table } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Envelope, http } from '../../platform/http/client';
import { useEntityMeta } from '../../resources/api';
import { displayValue } from '../../resources/display';
import type { Row } from '../../resources/types';

const ENTITY = 'externalorder';
export const EXTERNAL_VIEW = 'repair_admin:external:view';

interface Figures {
  orders: number;
  open: number;
  accepted: number;
  cost: string;
}

/** Record card section 委外维修: the machine's external orders (newest first) and its accepted external cost. */
export function MachineExternal({ equipmentId }: { equipmentId: number }) {
  const { t } = useTranslation('external');
  const { t: tr } = useTranslation('resources');
  const { data: meta } = useEntityMeta(ENTITY);
  const figures = useQuery({
    queryKey: ['external-machine', equipmentId],
    queryFn: async () =>
      (await http.get<Envelope<Figures>>('/api-manage/maintainexternal/order/machine', { equipmentId })).data,
  });
  const orders = useQuery({
    queryKey: ['resource-page', ENTITY, 'equipment', equipmentId],
    queryFn: () =>
      http.get<Envelope<Row[]>>('/api-manage/maintainexternal/order/page', { equipmentId, page: 1, limit: 10 }),
  });
  const field = (name: string) => meta?.fields.find((f) => f.name === name);
  const shown = (name: string, r: Row) => (field(name) ? displayValue(field(name)!, r, tr) : String(r[name] ?? ''));
  const f = figures.data;
  return (
    <Card type="inner" title={t('machine.title')} style={{ marginTop: 16 }} data-testid="equipment-external">
      <div className="external-figures">
        <Statistic title={t('machine.orders')} value={f?.orders ?? 0} />
        <Statistic title={t('machine.open')} value={f?.open ?? 0} />
        <Statistic title={t('machine.accepted')} value={f?.accepted ?? 0} />
        <Statistic title={t('machine.cost')} value={f?.cost ?? '0.00'} data-testid="equipment-external-cost" />
      </div>
      <Table<Row>
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: 'max-content' }}
        loading={orders.isLoading || !meta}
        dataSource={orders.data?.data ?? []}
        columns={[
          {
            key: 'code',
            title: field('code')?.label,
            render: (_, r) => <Link to={`/repair_admin/external?id=${r.id}`}>{String(r.code ?? '')}</Link>,
          },
          { key: 'vendorId', title: field('vendorId')?.label, render: (_, r) => shown('vendorId', r) },
          { key: 'state', title: field('state')?.label, render: (_, r) => shown('state', r) },
          { key: 'actualCost', title: field('actualCost')?.label, render: (_, r) => String(r.actualCost ?? '') },
          {
            key: 'acceptedAt',
            title: field('acceptedAt')?.label,
            render: (_, r) => (r.acceptedAt ? dayjs(String(r.acceptedAt)).format('YYYY-MM-DD') : ''),
          },
        ]}
      />
    </Card>
  );
}
