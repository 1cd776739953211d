import { useQuery } from '@tanstack/react-query';
import { Card, Table } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Envelope, http } from '../../platform/http/client';
import { useEntityMeta } from '../../resources/api';
import { displayValue } from '../../resources/display';
import type { Row } from '../../resources/types';

const ORDERS = 'maintaintask';

/** Record card section 维修记录: the machine's latest repair orders, each opening its drawer. */
export function MachineOrders({ equipmentId }: { equipmentId: number }) {
  const { t } = useTranslation('equipment');
  const { t: tr } = useTranslation('resources');
  const { data: meta } = useEntityMeta(ORDERS);
  const orders = useQuery({
    queryKey: ['resource-page', ORDERS, 'equipment', equipmentId],
    queryFn: () => http.get<Envelope<Row[]>>('/api-manage/maintaintask/page', { equipmentId, page: 1, limit: 10 }),
  });
  const field = (name: string) => meta?.fields.find((f) => f.name === name);
  const label = (name: string) => field(name)?.label ?? name;
  return (
    <Card
      type="inner"
      title={t('orders.title', { n: orders.data?.count ?? 0 })}
      style={{ marginTop: 16 }}
      data-testid="equipment-orders"
    >
      <Table<Row>
        size="small"
        rowKey="id"
        pagination={false}
        loading={orders.isLoading || !meta}
        dataSource={orders.data?.data ?? []}
        columns={[
          {
            key: 'code',
            title: label('code'),
            render: (_, r) => (
              <Link to={`/repair_admin/task/0?id=${r.id}`} data-testid="equipment-order">
                {String(r.code ?? '')}
              </Link>
            ),
          },
          {
            key: 'phenomenon',
            title: label('phenomenon'),
            ellipsis: true,
            render: (_, r) => String(r.phenomenon ?? ''),
          },
          {
            key: 'state',
            title: label('state'),
            render: (_, r) => (field('state') ? displayValue(field('state')!, r, tr) : String(r.state ?? '')),
          },
          {
            key: 'reportedAt',
            title: label('reportedAt'),
            render: (_, r) => (r.reportedAt ? dayjs(String(r.reportedAt)).format('YYYY-MM-DD HH:mm') : ''),
          },
        ]}
      />
    </Card>
  );
}
