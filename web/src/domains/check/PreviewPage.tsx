import { useQuery } from '@tanstack/react-query';
import { Alert, Calendar, Select, Space, Spin, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type Envelope, http } from '../../platform/http/client';
import type { Row } from '../../resources/types';
import { type Occurrence, usePreview } from './api';
import './check.css';

const DAYS = 56;

/** /preview/index?id=: the tasks a plan will make over the next weeks, on a calendar, before it is switched on. */
export default function PreviewPage() {
  const { t } = useTranslation('check');
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const plans = useQuery({
    queryKey: ['resource-page', 'checkplan', 'preview-list'],
    queryFn: async () => (await http.get<Envelope<Row[]>>('/api-manage/checkplan/page', { page: 1, limit: 200 })).data,
  });
  const { data, isLoading } = usePreview(id, DAYS);
  const [selected, setSelected] = useState<Dayjs>(dayjs());
  const byDay = useMemo(() => {
    const m = new Map<string, Occurrence[]>();
    for (const o of data ?? []) {
      const d = dayjs(o.dueAt).format('YYYY-MM-DD');
      m.set(d, [...(m.get(d) ?? []), o]);
    }
    return m;
  }, [data]);
  const day = byDay.get(selected.format('YYYY-MM-DD')) ?? [];
  return (
    <Space orientation="vertical" style={{ width: '100%' }} className="check-preview" data-testid="check-preview">
      <Select
        style={{ width: '100%', maxWidth: 360 }}
        placeholder={t('plan.pick')}
        value={id ?? undefined}
        loading={plans.isLoading}
        onChange={(v) => setParams({ id: String(v) }, { replace: true })}
        options={(plans.data ?? []).map((p) => ({ value: Number(p.id), label: `${p.code} ${p.name}` }))}
      />
      {id &&
        (isLoading ? (
          <Spin />
        ) : (
          <Alert type="info" showIcon message={t('plan.previewCount', { count: data?.length ?? 0, days: DAYS })} />
        ))}
      <Calendar
        fullscreen={false}
        value={selected}
        onSelect={setSelected}
        cellRender={(d, info) => {
          if (info.type !== 'date') return info.originNode;
          const n = byDay.get(d.format('YYYY-MM-DD'))?.length ?? 0;
          return n ? (
            <Tag color="blue" data-testid={`preview-day-${d.format('YYYY-MM-DD')}`}>
              {n}
            </Tag>
          ) : null;
        }}
      />
      <div data-testid="check-preview-day">
        {day.map((o) => (
          <div key={`${o.equipmentId}-${o.dueAt}`}>
            {dayjs(o.dueAt).format('HH:mm')} · {o.equipmentName} ({t('task.deadline')}{' '}
            {dayjs(o.deadline).format('MM-DD HH:mm')})
          </div>
        ))}
      </div>
    </Space>
  );
}
