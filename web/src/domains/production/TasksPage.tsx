import { ScheduleOutlined } from '@ant-design/icons';
import { Button, DatePicker, InputNumber, Modal, Space, Tabs } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { toast } from '../../platform/ui/feedback';
import { type ListContext, ResourceListPage } from '../../resources/ResourceListPage';
import { runSchedule } from './api';

const ScheduleBoard = lazy(() => import('./ScheduleBoard'));

function ScheduleButton({ ctx }: { ctx: ListContext }) {
  const { t } = useTranslation('production');
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState<Dayjs>(dayjs());
  const [days, setDays] = useState(7);
  const run = async () => {
    toast('success', await runSchedule({ from: from.format('YYYY-MM-DD'), days }));
    setOpen(false);
    await ctx.refresh();
  };
  return (
    <>
      <Button icon={<ScheduleOutlined />} onClick={() => setOpen(true)} data-testid="tasks-schedule">
        {t('task.schedule')}
      </Button>
      <Modal open={open} title={t('task.schedule')} onCancel={() => setOpen(false)} onOk={() => run().catch(() => {})}>
        <p>{t('task.scheduleHelp')}</p>
        <Space wrap>
          {t('task.from')}
          <DatePicker value={from} allowClear={false} onChange={(d) => d && setFrom(d)} />
          {t('task.days')}
          <InputNumber min={1} max={31} value={days} onChange={(v) => setDays(Number(v) || 1)} />
        </Space>
      </Modal>
    </>
  );
}

/**
 * /production/planTask: the plan tasks of released orders; filtered by a station it is that station's dispatch list
 * in planned order. The schedule fills stations, shifts and times; a planner moves a task by dragging it on the
 * board (ScheduleBoard.tsx), which the server checks against the station's shifts and repairs.
 */
export default function TasksPage() {
  const { t } = useTranslation('production');
  const maySchedule = hasPermission('production:planTask:schedule');
  return (
    <Tabs
      destroyOnHidden
      items={[
        {
          key: 'list',
          label: t('board.list'),
          children: (
            <ResourceListPage
              entity="plantask"
              toolbarExtra={(ctx) => (maySchedule ? <ScheduleButton ctx={ctx} /> : null)}
            />
          ),
        },
        {
          key: 'board',
          label: <span data-testid="tasks-board-tab">{t('board.title')}</span>,
          children: (
            <Suspense fallback={null}>
              <ScheduleBoard />
            </Suspense>
          ),
        },
      ]}
    />
  );
}
