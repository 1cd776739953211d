import { PrinterOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Space, Spin, Tag } from 'antd';
import dayjs from 'dayjs';
import { Fragment, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { useNarrow } from '../../platform/ui/useMediaQuery';
import { useEntityMeta } from '../../resources/api';
import { ChildLists } from '../../resources/ChildLists';
import type { Row, WorkflowAction } from '../../resources/types';
import { type ActionTuning, WorkflowButtons } from '../../resources/WorkflowActions';
import { offeredActions } from '../../resources/workflow';
import { DocForm } from '../spare/DocForm';
import { TASK, taskKey, useTask } from './api';
import { ItemAnswer } from './ItemAnswer';
import { PRINT_PAGE } from './kind';
import { flush, start as startOutbox, useOutbox } from './outbox';
import './check.css';

const OPEN = ['pending', 'doing'];
const COSTS = ['labourHours', 'partsCost', 'externalCost'];
// Lines of the task that the task's own record does not carry (ChildLists reads entity, field and as).
const TASK_LINES = [
  { entity: 'checktasklabour', field: 'taskId', as: 'labour', meta: '' },
  { entity: 'checktaskpart', field: 'taskId', as: 'parts', meta: '' },
  { entity: 'checktaskexternal', field: 'taskId', as: 'externals', meta: '' },
];

/** A route's task walks machine by machine: the first item of each machine opens its stop (numbered from 1). */
function stops(task: Row & { details: Row[] }) {
  let n = 0;
  return task.details.map((item, i) => {
    const opens = !!task.lineId && (i === 0 || item.equipmentId !== task.details[i - 1]!.equipmentId);
    if (opens) n++;
    return { item, stop: opens ? n : 0 };
  });
}
const time = (v: unknown) => (v ? dayjs(String(v)).format('YYYY-MM-DD HH:mm') : '—');

/**
 * A task on a phone or a desk: its machine and times, every item with its answer box (judged at once, red when
 * abnormal), then finish; a lead reassigns, extends or closes it with a reason.
 */
export function TaskDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('check');
  const narrow = useNarrow();
  const queryClient = useQueryClient();
  const { data: meta } = useEntityMeta(TASK);
  const { data: task, isLoading } = useTask(id);
  const [issuing, setIssuing] = useState(false);
  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: taskKey(id) });
    await queryClient.invalidateQueries({ queryKey: ['resource-page', TASK] });
  };
  const state = String(task?.state ?? '');
  const actions = meta && task ? offeredActions(meta, task) : [];
  const kept = Object.values(useOutbox()).filter((p) => p.taskId === id).length;
  const wasKept = useRef(kept);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload once the kept answers have gone out
  useEffect(() => {
    if (wasKept.current > 0 && kept === 0) void reload();
    wasKept.current = kept;
  }, [kept]);
  useEffect(() => {
    startOutbox();
    void flush();
  }, []);
  const canExecute = actions.some((a) => a.name === 'finish' || a.name === 'start');
  const editable = OPEN.includes(state) && canExecute;
  const stateLabel =
    meta?.fields.find((f) => f.name === 'state')?.options?.find((o) => String(o.value) === state)?.label ?? state;

  // The step's answer is the task; its items, which a finish changes (the repair orders raised, the danger pool),
  // are not in it: they are read again.
  const itemsChanged = () => void queryClient.invalidateQueries({ queryKey: taskKey(id) });
  // Starting is implied by the first answer; finishing waits for the answers kept offline to go out.
  const tune = (a: WorkflowAction): ActionTuning =>
    a.name === 'start' ? { hidden: true } : { primary: a.name === 'finish', disabled: a.name === 'finish' && kept > 0 };

  return (
    <Drawer
      open
      onClose={onClose}
      width={narrow ? '100%' : 640}
      title={
        task ? `${String(task.code ?? '')} · ${String(task.equipmentName ?? task.lineName ?? '')}` : t('task.title')
      }
      destroyOnHidden
      data-testid="check-task-drawer"
      extra={
        task && (
          <Button
            icon={<PrinterOutlined />}
            href={`${PRINT_PAGE[Number(task.kind)] ?? '/checktemplate'}?id=${id}`}
            target="_blank"
            aria-label={t('task.print')}
          />
        )
      }
      footer={
        task && meta && actions.some((a) => a.name !== 'start') ? (
          <div data-testid="check-task-actions">
            <WorkflowButtons
              meta={meta}
              entity={TASK}
              row={task}
              look="bar"
              testId="check-action"
              tune={tune}
              onDone={itemsChanged}
            />
          </div>
        ) : null
      }
    >
      {isLoading || !task ? (
        <Spin />
      ) : (
        <>
          <Descriptions size="small" column={narrow ? 1 : 2} className="check-task-head">
            <Descriptions.Item label={t('task.state')}>
              <Tag
                color={state === 'done' ? 'green' : state === 'closed' ? 'default' : 'blue'}
                data-testid="check-task-state"
                data-state={state}
              >
                {stateLabel}
              </Tag>
              {task.overdue ? <Tag color="red">{t('task.overdue')}</Tag> : null}
            </Descriptions.Item>
            <Descriptions.Item label={t('task.assignee')}>{String(task.assigneeName ?? '—')}</Descriptions.Item>
            <Descriptions.Item label={t('task.due')}>{time(task.dueAt)}</Descriptions.Item>
            <Descriptions.Item label={t('task.deadline')}>{time(task.deadline)}</Descriptions.Item>
          </Descriptions>
          {kept > 0 && (
            <Alert type="warning" showIcon message={t('task.keptAlert', { count: kept })} data-testid="check-kept" />
          )}
          {Number(task.kind) === 3 && (
            <Descriptions size="small" column={narrow ? 1 : 3} className="check-task-head" data-testid="check-costs">
              {COSTS.map((name) => (
                <Descriptions.Item key={name} label={meta?.fields.find((f) => f.name === name)?.label ?? name}>
                  {String(task[name] ?? '0')}
                </Descriptions.Item>
              ))}
            </Descriptions>
          )}
          <div className="check-items">
            {stops(task).map(({ item, stop }) => (
              <Fragment key={String(item.id)}>
                {stop > 0 && (
                  <div className="check-stop" data-testid="check-stop">
                    {t('route.stop', { n: stop })} · {String(item.equipmentName ?? '')}
                  </div>
                )}
                <ItemAnswer item={item} editable={editable} onSaved={() => void reload()} />
              </Fragment>
            ))}
          </div>
        </>
      )}
      {task && Number(task.kind) === 3 && (
        // Labour, parts used and outside maintenance: the engine's lists of the task's lines (reload the sums).
        <div className="check-task-lines" data-testid="check-task-lines">
          <ChildLists parent={task} entries={TASK_LINES} />
          <Space wrap>
            <Button size="small" type="link" onClick={() => void reload()} data-testid="check-costs-refresh">
              {t('task.refreshCosts')}
            </Button>
            {/* A stock issue naming this task: once posted, its parts are the task's parts used. */}
            {hasPermission('spare:out:add') && (
              <Button size="small" onClick={() => setIssuing(true)} data-testid="check-issue-parts">
                {t('task.issueParts')}
              </Button>
            )}
          </Space>
        </div>
      )}
      {issuing && (
        <DocForm
          type="issue"
          id={null}
          initial={{ reason: 'task', checkTaskId: id }}
          onClose={() => setIssuing(false)}
          onSaved={() => void reload()}
        />
      )}
    </Drawer>
  );
}
