import { Badge, Button, Card, Empty, Segmented, Space, Spin, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useEntityMeta } from '../../resources/api';
import { ResourceListPage } from '../../resources/ResourceListPage';
import { useOpenRecord } from '../../resources/useOpenRecord';
import { ITEM, TASK, useMine } from './api';
import { useKind } from './kind';
import { TaskDrawer } from './TaskDrawer';
import { WorkflowList } from './WorkflowList';
import './check.css';

type View = 'mine' | 'all' | 'details' | 'danger' | 'metrology';

/** My open tasks of today as cards (a phone's list); a tap opens the task. */
export function MineList({
  kind,
  code,
  onOpen,
  empty,
}: {
  kind: number | null;
  code?: string;
  onOpen: (id: number) => void;
  /** What an empty list says (default: no task today). */
  empty?: string;
}) {
  const { t } = useTranslation('check');
  const { data, isLoading } = useMine(kind, code);
  const { data: meta } = useEntityMeta(TASK);
  const stateLabel = (v: unknown) =>
    meta?.fields.find((f) => f.name === 'state')?.options?.find((o) => String(o.value) === String(v))?.label ??
    String(v);
  if (isLoading) return <Spin />;
  if (!data?.length) return <Empty description={empty ?? t('task.noneToday')} />;
  return (
    <div className="check-mine" data-testid="check-mine">
      {data.map((task) => (
        <Card
          key={String(task.id)}
          size="small"
          className="check-mine-card"
          onClick={() => onOpen(Number(task.id))}
          data-testid={`check-mine-${task.id}`}
        >
          <Space wrap>
            <strong>{String(task.equipmentName ?? task.lineName ?? '')}</strong>
            <Tag>{stateLabel(task.state)}</Tag>
            {task.overdue ? <Tag color="red">{t('task.overdue')}</Tag> : null}
          </Space>
          <div className="check-item-standard">
            {String(task.code)} · {String(task.planName ?? '')} · {dayjs(String(task.dueAt)).format('MM-DD HH:mm')}
          </div>
        </Card>
      ))}
    </div>
  );
}

/**
 * /check/task/2, /patrol/task/1, /maintain/task/2: my tasks of today, every task of the kind (overdue ones
 * flagged) and the danger pool. ?id= opens a task (message links).
 */
export default function TaskPage() {
  const { t } = useTranslation('check');
  const kind = useKind();
  const [params] = useSearchParams();
  const [view, setView] = useState<View>(kind === 3 && params.get('view') === 'metrology' ? 'metrology' : 'mine');
  const { openId, open } = useOpenRecord();
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {/* Four views do not fit a 390 px phone side by side: the bar scrolls on its own. */}
      <div className="check-views">
        <Segmented<View>
          value={view}
          onChange={setView}
          options={[
            { value: 'mine', label: <span data-testid="check-view-mine">{t('task.mine')}</span> },
            { value: 'all', label: <span data-testid="check-view-all">{t('task.all')}</span> },
            { value: 'details', label: <span data-testid="check-view-details">{t('task.details')}</span> },
            {
              value: 'danger',
              label: (
                <Badge dot={false}>
                  <span data-testid="check-view-danger">{t('task.danger')}</span>
                </Badge>
              ),
            },
            ...(kind === 3
              ? [
                  {
                    value: 'metrology' as const,
                    label: <span data-testid="check-view-metrology">{t('metrology.tasks')}</span>,
                  },
                ]
              : []),
          ]}
        />
      </div>
      {view === 'mine' && <MineList kind={kind} onOpen={open} />}
      {view === 'all' && (
        <ResourceListPage
          key={kind}
          entity={TASK}
          fixed={{ kind }}
          rowActions={(row) => (
            <Button type="link" size="small" onClick={() => open(Number(row.id))} data-testid="row-open">
              {t('task.open')}
            </Button>
          )}
        />
      )}
      {/* Every answer of the kind, with its judgement; its export is spec 3.1's task-detail download. */}
      {view === 'details' && <ResourceListPage key={`details-${kind}`} entity={ITEM} fixed={{ kind }} />}
      {/* The danger pool (隐患池): abnormal items that raised no repair order, for a lead to decide. */}
      {view === 'danger' && <WorkflowList entity={ITEM} fixed={{ dangerState: 'open' }} testPrefix="danger" />}
      {view === 'metrology' && <WorkflowList entity="mesurtask" testPrefix="mesurtask" />}
      {openId && <TaskDrawer id={openId} onClose={() => open(null)} />}
    </Space>
  );
}
