import { useQuery } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Select, Space, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { Pagination } from '../../platform/pagination/Pagination';
import { toast } from '../../platform/ui/feedback';
import { ACTIONS_COLUMN, ResponsiveTable } from '../../platform/ui/ResponsiveTable';
import { type OneOffJob, oneOffJobs, type TimedTask, timedTaskAction, timedTasks } from './api';
import { rowTestId } from './row-test-id';
import { usePaged } from './usePaged';
import './operator.css';

const when = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '—');
const STATUS_COLOR: Record<string, string> = {
  done: 'green',
  partial: 'orange',
  failed: 'red',
  running: 'blue',
  queued: 'default',
};

/** The one-off jobs (exports and the like) of every company, newest first, paged on the server. */
function OneOffJobs({ name }: { name: (kind: string) => string }) {
  const { t } = useTranslation('operator');
  const list = usePaged<OneOffJob, { status?: string }>('op-one-off-jobs', oneOffJobs, {});
  return (
    <Card
      size="small"
      title={t('timetask.jobs.title')}
      data-testid="timetask-jobs"
      extra={
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('timetask.jobs.all')}
          onChange={(status?: string) => list.search({ status })}
          options={['queued', 'running', 'done', 'failed'].map((s) => ({ value: s, label: t(`timetask.status.${s}`) }))}
        />
      }
    >
      <ResponsiveTable<OneOffJob>
        rowKey="id"
        size="small"
        pagination={false}
        loading={list.loading}
        dataSource={list.rows}
        onRow={(job) => rowTestId(`job-${job.id}`)}
        columns={[
          { key: 'name', title: t('timetask.fields.name'), render: (_v, job) => name(job.kind) },
          { key: 'company', title: t('timetask.jobs.company'), render: (_v, job) => job.companyName ?? '—' },
          { key: 'created', title: t('timetask.jobs.created'), render: (_v, job) => when(job.createdAt) },
          {
            key: 'duration',
            title: t('timetask.fields.duration'),
            render: (_v, job) => (job.durationMs == null ? '—' : t('timetask.ms', { count: job.durationMs })),
          },
          {
            key: 'result',
            title: t('timetask.fields.result'),
            render: (_v, job) => (
              <Tooltip title={job.error}>
                <Tag color={STATUS_COLOR[job.status]}>{t(`timetask.status.${job.status}`)}</Tag>
              </Tooltip>
            ),
          },
          { key: 'attempts', title: t('timetask.jobs.attempts'), dataIndex: 'attempts', width: 80 },
        ]}
      />
      <Pagination total={list.total} page={list.paging.page} limit={list.paging.limit} onChange={list.setPaging} />
    </Card>
  );
}

/**
 * /admin/timetask: every recurring job of the platform with its last and next run (pause, resume, run now), and
 * below them the one-off jobs of every company (exports) with their result.
 */
export default function TimedTaskPage() {
  const { t, i18n } = useTranslation('operator');
  const list = useQuery({ queryKey: ['op-timed-tasks'], queryFn: timedTasks, refetchInterval: 10_000 });
  const name = (kind: string) => (i18n.exists(`operator:timetask.kinds.${kind}`) ? t(`timetask.kinds.${kind}`) : kind);
  const period = (s: number) =>
    s % 3600 === 0
      ? t('timetask.everyHours', { count: s / 3600 })
      : t('timetask.everyMinutes', { count: Math.round(s / 60) });

  const act = async (task: TimedTask, action: 'pause' | 'resume' | 'run') => {
    try {
      await timedTaskAction(task.kind, action);
      toast('success', t(`timetask.done.${action}`, { name: name(task.kind) }));
    } finally {
      await list.refetch();
    }
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card size="small" data-testid="timetask-page">
        <ResponsiveTable<TimedTask>
          rowKey="kind"
          size="small"
          pagination={false}
          loading={list.isFetching && !list.data}
          dataSource={list.data ?? []}
          onRow={(task) => rowTestId(`timetask-${task.kind}`)}
          columns={[
            {
              key: 'name',
              title: t('timetask.fields.name'),
              render: (_v, task) => (
                <Space size={4} wrap>
                  {name(task.kind)}
                  {task.paused && <Tag color="orange">{t('timetask.paused')}</Tag>}
                </Space>
              ),
            },
            { key: 'period', title: t('timetask.fields.period'), render: (_v, task) => period(task.seconds) },
            { key: 'last', title: t('timetask.fields.lastRun'), render: (_v, task) => when(task.lastStartedAt) },
            {
              key: 'duration',
              title: t('timetask.fields.duration'),
              render: (_v, task) =>
                task.lastDurationMs == null ? '—' : t('timetask.ms', { count: task.lastDurationMs }),
            },
            {
              key: 'result',
              title: t('timetask.fields.result'),
              render: (_v, task) =>
                task.lastStatus ? (
                  <Tooltip title={task.lastError}>
                    <Tag color={STATUS_COLOR[task.lastStatus] ?? 'red'} data-testid="timetask-result">
                      {t(`timetask.status.${task.lastStatus}`)}
                    </Tag>
                  </Tooltip>
                ) : (
                  '—'
                ),
            },
            { key: 'next', title: t('timetask.fields.nextRun'), render: (_v, task) => when(task.nextRunAt) },
            {
              key: 'failures',
              title: t('timetask.fields.failures'),
              render: (_v, task) =>
                task.failures ? (
                  <Typography.Text type="danger" title={task.lastFailure ?? ''}>
                    {task.failures}: {task.lastFailure}
                  </Typography.Text>
                ) : (
                  0
                ),
            },
            {
              key: ACTIONS_COLUMN,
              width: 150,
              render: (_v, task) => (
                <Space size={0}>
                  {hasPermission('admin:timetask:enable') && (
                    <Button
                      type="link"
                      size="small"
                      onClick={() => act(task, task.paused ? 'resume' : 'pause')}
                      data-testid="timetask-toggle"
                    >
                      {t(task.paused ? 'timetask.resume' : 'timetask.pause')}
                    </Button>
                  )}
                  {hasPermission('admin:timetask:execute') && (
                    <Popconfirm
                      title={t('timetask.confirmRun', { name: name(task.kind) })}
                      onConfirm={() => act(task, 'run')}
                    >
                      <Button type="link" size="small" data-testid="timetask-run">
                        {t('timetask.run')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <OneOffJobs name={name} />
    </Space>
  );
}
