import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Card, Col, Empty, Row as Grid, Spin, Statistic, Tag } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { type Envelope, http } from '../../platform/http/client';
import { ResourceListPage } from '../../resources/ResourceListPage';
import type { Row } from '../../resources/types';
import { fetchLive, fetchStates, type LiveTag, liveKey, STATE_COLORS } from './api';
import { SendInstruction } from './SendInstruction';
import { StateBar } from './StateBar';
import './das.css';

// The chart's ECharts loads when the chart is first shown.
const HistoryChart = lazy(() => import('./HistoryChart').then((m) => ({ default: m.HistoryChart })));

function shown(tag: LiveTag, t: (k: string) => string): string {
  if (tag.value === null) return '—';
  if (tag.role === 'runState' && tag.dataType !== 'number') return t(`runCode.${tag.value}`);
  if (tag.dataType === 'boolean') return tag.value ? t('value.on') : t('value.off');
  return typeof tag.value === 'number' ? String(Math.round(tag.value * 1000) / 1000) : tag.value;
}

/** /das/device/detail/:id: a connected machine's live values, state timeline, history and instructions. */
export default function DeviceDetail() {
  const id = Number(useParams().id);
  const { t } = useTranslation('das');
  const queryClient = useQueryClient();
  const { data: device } = useQuery({
    queryKey: ['resource-row', 'device', id],
    queryFn: async () => (await http.get<Envelope<Row>>('/api-das/device/get', { id })).data,
    enabled: id > 0,
  });
  // Pushed: the shell's socket marks this stale when the device sends (at most a few times a second).
  const { data: live } = useQuery({
    queryKey: liveKey(id),
    queryFn: () => fetchLive(id),
    enabled: id > 0,
    refetchInterval: 30_000,
  });
  const to = dayjs().startOf('minute').add(1, 'minute').toISOString();
  const from = dayjs(to).subtract(1, 'day').toISOString();
  const { data: states } = useQuery({
    queryKey: ['das-states', id, live?.state, live?.stateSince, from],
    queryFn: () => fetchStates(id, from, to),
    enabled: id > 0,
  });
  if (!device || !live) return <Spin className="resource-loading" />;
  return (
    <div className="das-device" data-testid="device-detail">
      <Card
        title={`${device.code} ${device.name}`}
        extra={
          <span className="das-device-head">
            <Badge
              status={live.online ? 'success' : 'default'}
              text={live.online ? t('gateway.online') : t('gateway.offline')}
            />
            {live.state && (
              <Tag color={STATE_COLORS[live.state]} data-testid="device-state">
                {t(`states.${live.state}`)}
              </Tag>
            )}
          </span>
        }
      >
        {live.tags.length === 0 ? (
          <Empty description={t('device.noTags')} />
        ) : (
          <Grid gutter={[12, 12]}>
            {live.tags.map((tag) => (
              <Col xs={12} sm={8} md={6} key={tag.id}>
                <Card size="small" data-testid={`live-${tag.key}`}>
                  <Statistic
                    title={tag.name}
                    value={shown(tag, t)}
                    suffix={tag.value !== null ? (tag.unit ?? '') : ''}
                  />
                  <div className="das-live-time">
                    {tag.ts ? dayjs(tag.ts).format('MM-DD HH:mm:ss') : t('value.never')}
                  </div>
                </Card>
              </Col>
            ))}
          </Grid>
        )}
      </Card>
      <Card title={t('states.title')} size="small">
        <StateBar intervals={states ?? []} from={from} to={to} />
      </Card>
      <Card title={t('history.title')} size="small">
        <Suspense fallback={null}>
          <HistoryChart tags={live.tags} />
        </Suspense>
      </Card>
      <Card title={t('alarms.title')} size="small">
        <ResourceListPage entity="alarm" nested fixed={{ deviceId: id }} />
      </Card>
      <Card
        title={t('instruction.title')}
        size="small"
        extra={
          <SendInstruction
            deviceId={id}
            tags={live.tags}
            onSent={() => void queryClient.invalidateQueries({ queryKey: ['resource-page', 'deviceinstructions'] })}
          />
        }
      >
        <ResourceListPage entity="deviceinstructions" nested fixed={{ deviceId: id }} />
      </Card>
    </div>
  );
}
