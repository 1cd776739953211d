import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Empty, Spin, Timeline } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { hasPermission } from '../../app/session';
import { type Envelope, http } from '../../platform/http/client';
import { useEntityMeta } from '../../resources/api';
import { displayValue } from '../../resources/display';
import type { Row } from '../../resources/types';
import { MachineLiveState } from '../das/MachineLiveState';
import { EXTERNAL_VIEW, MachineExternal } from '../external/MachineExternal';
import { MachineOrders } from './MachineOrders';
import { ReportLinkButton } from './ReportLinkButton';

const ORDERS_VIEW = 'repair_admin:task:view';
const SHOWN = ['code', 'name', 'model', 'categoryId', 'workshopId', 'lineId', 'status', 'importance', 'responsibleId'];

/**
 * /equipment/ledger/detail/:id and /detailed/index?id= (the detail page of spec 2.5 that messages and boards link
 * to): a machine's record card and its timeline (allotments, moves, scrap...).
 */
export default function LedgerDetail() {
  const [search] = useSearchParams();
  const id = useParams().id ?? search.get('id') ?? undefined;
  const { t } = useTranslation('resources');
  const { data: meta } = useEntityMeta('equipment');
  const { data: recordMeta } = useEntityMeta('eqrecord');
  const { data, isLoading } = useQuery({
    queryKey: ['equipment-info', id],
    queryFn: async () =>
      (await http.get<Envelope<Row & { records: Row[] }>>('/api-manage/equipment/getEqInfo', { id })).data,
    enabled: !!id,
  });
  if ((isLoading && !!id) || !meta || !recordMeta) return <Spin className="resource-loading" />;
  if (!data) return <Empty description={id ? undefined : t('equipment:detail.noId')} />;
  const typeField = recordMeta.fields.find((f) => f.name === 'recordType')!;
  return (
    <Card
      title={`${data.code} ${data.name}`}
      extra={
        <>
          <MachineLiveState equipmentId={Number(data.id)} />
          <ReportLinkButton id={Number(data.id)} />
        </>
      }
      data-testid="equipment-detail"
    >
      <Descriptions column={{ xs: 1, md: 3 }} bordered size="small">
        {SHOWN.map((name) => meta.fields.find((f) => f.name === name))
          .filter((f) => f !== undefined)
          .map((f) => (
            <Descriptions.Item key={f.name} label={f.label}>
              {displayValue(f, data, t)}
            </Descriptions.Item>
          ))}
      </Descriptions>
      <Card type="inner" title={recordMeta.title} style={{ marginTop: 16 }}>
        {data.records.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('equipment:detail.empty')}
            data-testid="equipment-timeline-empty"
          />
        ) : (
          <Timeline
            data-testid="equipment-timeline"
            items={data.records.map((r) => ({
              key: String(r.id),
              children: (
                <div data-record-type={String(r.recordType)}>
                  <strong>{displayValue(typeField, r, t)}</strong>{' '}
                  {dayjs(String(r.recordDate)).format('YYYY-MM-DD HH:mm')}
                  <div>{String(r.content ?? '')}</div>
                </div>
              ),
            }))}
          />
        )}
      </Card>
      {hasPermission(ORDERS_VIEW) && <MachineOrders equipmentId={Number(data.id)} />}
      {hasPermission(EXTERNAL_VIEW) && <MachineExternal equipmentId={Number(data.id)} />}
    </Card>
  );
}
