import { useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Space, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../platform/ui/feedback';
import { ActionDialog, type ActionForm } from './ActionDialog';
import { useEntityMeta } from './api';
import type { EntityMeta, Row, WorkflowAction } from './types';
import {
  acceptRow,
  type Decision,
  decide,
  needsDialog,
  offeredActions,
  offeredDecisions,
  type RunningApproval,
  runStep,
} from './workflow';

/** What a page may change about one action's button (everything else comes from the metadata). */
export interface ActionTuning {
  hidden?: boolean;
  disabled?: boolean;
  primary?: boolean;
  /** The dialog's extras: the record it starts from, a page's own input for a field, content above the inputs. */
  dialog?: Pick<ActionForm, 'start' | 'input' | 'extra'>;
}

export interface WorkflowActionsProps {
  /** The document's entity; its metadata (states, actions, inputs, permissions) comes from the server. */
  entity: string;
  /** The record as the page holds it (its state field decides the actions). */
  row: Row;
  /** 'link': small links in a list row (default); 'bar': buttons above a record, in a drawer or a card. */
  look?: 'link' | 'bar';
  /** Test ids `<testId>-<action>` and, on a confirmation, `<testId>-<action>-ok`. Default `workflow`. */
  testId?: string;
  /**
   * Ask before every action that opens no dialog ('always'), or only before dangerous ones and those declaring a
   * question of their own ('danger', default).
   */
  confirm?: 'always' | 'danger';
  /** The document's running approval (from its timeline): while it runs, its decisions replace the actions. */
  approval?: RunningApproval | null;
  /** The caller's user id (a submitter may recall the approval). */
  me?: number | null;
  /** A page's changes to one action's button (hide it, disable it, shape its dialog). */
  tune?: (action: WorkflowAction) => ActionTuning | undefined;
  /** After a step: the row the server answered with (already taken into the cache), or null after a decision. */
  onDone?: (row: Row | null) => void;
}

/**
 * The buttons of what the caller may do to a document now, from the entity's metadata alone: the declared actions
 * that leave the row's state and whose permission the caller holds (the server checks again). An action with
 * inputs or a required reason opens a dialog rendered from its fields; the answer's row goes into the cache in
 * place of a refetch. See docs/architecture.md, "How a document gets its buttons".
 */
export function WorkflowActions(props: WorkflowActionsProps) {
  const { data: meta } = useEntityMeta(props.entity);
  return meta?.workflow ? <WorkflowButtons meta={meta} {...props} /> : null;
}

export function WorkflowButtons({
  meta,
  entity,
  row,
  look = 'link',
  testId = 'workflow',
  confirm = 'danger',
  approval = null,
  me = null,
  tune,
  onDone,
}: WorkflowActionsProps & { meta: EntityMeta }) {
  const { t } = useTranslation('resources');
  const queryClient = useQueryClient();
  const [form, setForm] = useState<ActionForm | null>(null);
  const bar = look === 'bar';

  const step = async (a: WorkflowAction, body: Record<string, unknown>) => {
    const { row: after, msg } = await runStep(a.url, row.id, body);
    toast('success', msg);
    if (after) await acceptRow(queryClient, entity, after);
    else await queryClient.invalidateQueries({ queryKey: ['resource-row', entity, row.id] });
    onDone?.(after);
  };
  const decided = async (d: Decision, comment?: string) => {
    toast('success', await decide(d, approval!.id, comment));
    // An approval's answer is not the document: its record, timeline and lists are read again.
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['resource-row', entity, row.id] }),
      queryClient.invalidateQueries({ queryKey: ['resource-page', entity] }),
    ]);
    onDone?.(null);
  };

  const button =
    (key: string, id: string, label: string, opts: { danger?: boolean; primary?: boolean; disabled?: boolean }) =>
    (onClick?: () => void): ReactNode => (
      <Button
        key={key}
        type={bar ? (opts.primary ? 'primary' : 'default') : 'link'}
        size={bar ? undefined : 'small'}
        danger={opts.danger}
        disabled={opts.disabled}
        onClick={onClick}
        data-testid={id}
      >
        {label}
      </Button>
    );

  const actionButton = (a: WorkflowAction, tuning: ActionTuning) => {
    const el = button(a.name, `${testId}-${a.name}`, a.label, {
      danger: a.danger,
      primary: tuning.primary ?? !a.danger,
      disabled: tuning.disabled,
    });
    if (needsDialog(a))
      return el(() =>
        setForm({
          title: a.label,
          fields: a.fields,
          comment: a.commentRequired ? 'required' : 'optional',
          danger: a.danger,
          ...tuning.dialog,
          run: (body) => step(a, body),
        }),
      );
    const now = () => step(a, {}).catch(() => undefined);
    if (confirm === 'always' || a.danger || a.confirm)
      return (
        <Popconfirm
          key={a.name}
          title={a.confirm ?? t('workflow.confirm', { action: a.label })}
          onConfirm={now}
          okButtonProps={{ 'data-testid': `${testId}-${a.name}-ok` }}
        >
          {el()}
        </Popconfirm>
      );
    return el(() => void now());
  };

  const decisionButton = (d: Decision) => {
    const label = t(`workflow.${d}`);
    return button(d, `workflow-approval-${d}`, label, { danger: d !== 'approve', primary: d === 'approve' })(() =>
      setForm({
        title: label,
        fields: [],
        comment: d === 'reject' ? 'required' : 'optional',
        run: (body) => decided(d, body.comment as string | undefined),
      }),
    );
  };

  const buttons = approval
    ? offeredDecisions(approval, me).map(decisionButton)
    : offeredActions(meta, row).flatMap((a) => {
        const tuning = tune?.(a) ?? {};
        return tuning.hidden ? [] : [actionButton(a, tuning)];
      });
  const dialog = form && <ActionDialog form={form} onClose={() => setForm(null)} />;
  if (!bar)
    return (
      <>
        {buttons}
        {dialog}
      </>
    );
  if (!approval && buttons.length === 0) return null;
  return (
    <>
      <Space wrap className="workflow-actions" data-testid="workflow-actions">
        {approval && (
          <Tag color="processing" data-testid="workflow-approval-pending">
            {t('workflow.pending', { node: approval.node ?? '' })}
          </Tag>
        )}
        {buttons}
      </Space>
      {dialog}
    </>
  );
}
