import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Drawer, Empty, Grid, Spin, Timeline } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../app/session';
import { type Envelope, http } from '../platform/http/client';
import { displayValue } from './display';
import type { EntityMeta, Row, WorkflowAction } from './types';
import { rowValue } from './values';
import { type ActionTuning, WorkflowButtons } from './WorkflowActions';
import { recordKey, type Timeline as Steps, timelineKey } from './workflow';
import './resources.css';

/** The fields a record shows: those with a value (JSON and attachments have pages of their own). */
export const shownFields = (meta: EntityMeta, row: Row) =>
  meta.fields.filter((f) => {
    if (f.type === 'json' || f.type === 'attachments') return false;
    const v = rowValue(row, f);
    return v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0);
  });

/** A document's record (GET paths.get) under the key its workflow steps update in place. */
export function useRecord(meta: EntityMeta, id: number) {
  return useQuery({
    queryKey: recordKey(meta.name, id),
    queryFn: async () => (await http.get<Envelope<Row>>(meta.paths.get!, { id })).data,
    staleTime: 0,
  });
}

/** A document's timeline (GET workflow.stepsUrl): its steps and its running approval. */
export function useTimeline(meta: EntityMeta, id: number) {
  return useQuery({
    queryKey: timelineKey(meta.name, id),
    queryFn: async () => (await http.get<Envelope<Steps>>(meta.workflow!.stepsUrl, { id })).data,
    enabled: !!meta.workflow,
    staleTime: 0,
  });
}

interface Props {
  meta: EntityMeta;
  id: number;
  onClose: () => void;
  /** The drawer's title for the record (default: its code and name). */
  title?: (row: Row) => string;
  /** Buttons in the drawer's header (print). */
  extra?: ReactNode;
  /** The page's own parts, below the fields (a repair order's lines) and below the timeline. */
  body?: (row: Row) => ReactNode;
  after?: (row: Row) => ReactNode;
  /** A page's changes to one action's button (see WorkflowActions). */
  tune?: (row: Row) => (action: WorkflowAction) => ActionTuning | undefined;
  /** Test ids `<testId>-drawer`, `-fields`, `-field-<name>`, `-timeline`; the buttons `<testId>-action-<name>`. */
  testId?: string;
}

/**
 * One document: the buttons of what the caller may do to it now (the generic action bar, with its running
 * approval's decisions), its fields, and its timeline; a page adds its own parts. A step's answer updates the
 * record in place (no refetch); the timeline is read again.
 */
export function RecordDrawer({ meta, id, onClose, title, extra, body, after, tune, testId = 'record' }: Props) {
  const { t } = useTranslation('resources');
  const me = useSession().user?.id;
  const wide = Grid.useBreakpoint().md !== false;
  const record = useRecord(meta, id);
  const timeline = useTimeline(meta, id);
  const row = record.data;
  const named = (r: Row) =>
    [r[meta.codeField ?? ''], r[meta.nameField]].filter((v) => v !== null && v !== undefined && v !== '').join(' ');

  return (
    <Drawer
      open
      size={wide ? 720 : '100%'}
      title={row ? (title ?? named)(row) : meta.title}
      onClose={onClose}
      destroyOnHidden
      extra={extra}
      data-testid={`${testId}-drawer`}
      data-state={row && meta.workflow ? String(row[meta.workflow.stateField] ?? '') : ''}
    >
      <Spin spinning={record.isFetching && !row}>
        {row ? (
          <>
            {meta.workflow && (
              <div className="record-actions">
                <WorkflowButtons
                  meta={meta}
                  entity={meta.name}
                  row={row}
                  look="bar"
                  testId={`${testId}-action`}
                  approval={timeline.data?.approval ?? null}
                  me={me === undefined || me === null ? null : Number(me)}
                  tune={tune?.(row)}
                />
              </div>
            )}
            <Descriptions column={{ xs: 1, md: 2 }} bordered size="small" data-testid={`${testId}-fields`}>
              {shownFields(meta, row).map((f) => (
                <Descriptions.Item key={f.name} label={f.label}>
                  <span data-testid={`${testId}-field-${f.name}`}>{displayValue(f, row, t)}</span>
                </Descriptions.Item>
              ))}
            </Descriptions>
            {body?.(row)}
            {meta.workflow && (
              <Card type="inner" size="small" title={t('workflow.timeline')} style={{ marginTop: 16 }}>
                <Spin spinning={timeline.isFetching && !timeline.data}>
                  <Timeline
                    data-testid={`${testId}-timeline`}
                    items={(timeline.data?.steps ?? []).map((s) => ({
                      key: String(s.id),
                      children: (
                        <div data-action={s.action}>
                          <strong>{s.actionName}</strong>
                          {s.toStateName && ` → ${s.toStateName}`}
                          <div className="record-step-meta">
                            {s.userName ?? t('workflow.system')} · {dayjs(s.createdAt).format('YYYY-MM-DD HH:mm')}
                          </div>
                          {s.comment && <div>{s.comment}</div>}
                        </div>
                      ),
                    }))}
                  />
                </Spin>
              </Card>
            )}
            {after?.(row)}
          </>
        ) : (
          !record.isFetching && <Empty />
        )}
      </Spin>
    </Drawer>
  );
}
