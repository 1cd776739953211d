import { Button, Popconfirm, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../platform/ui/feedback';
import type { Row, WorkflowAction, WorkflowMeta } from '../../resources/types';
import { ActionDialog, type ActionForm } from './ActionDialog';
import { type Decision, decide, type RunningApproval, runAction } from './api';

interface Props {
  workflow: WorkflowMeta;
  row: Row;
  approval: RunningApproval | null;
  /** The user's id (a submitter may recall an approval before any decision). */
  me: number | null;
  /** Reload the order, its timeline and the list. */
  onDone: () => Promise<void> | void;
}

/** The buttons of what the user may do to the order now: its state's actions, or the running approval's decisions. */
export function OrderActions({ workflow, row, approval, me, onDone }: Props) {
  const { t } = useTranslation('repair');
  const [form, setForm] = useState<ActionForm | null>(null);
  const state = String(row[workflow.stateField] ?? '');

  const act = async (work: () => Promise<string>) => {
    toast('success', await work());
    await onDone();
  };

  const actionButton = (a: WorkflowAction) => {
    const run = (body: Record<string, unknown>) => act(() => runAction(a.url, { id: row.id, ...body }));
    const button = (onClick?: () => void) => (
      <Button
        key={a.name}
        danger={a.danger}
        type={a.danger ? 'default' : 'primary'}
        onClick={onClick}
        data-testid={`repair-action-${a.name}`}
      >
        {a.label}
      </Button>
    );
    if (a.fields.length > 0 || a.commentRequired)
      return button(() =>
        setForm({
          title: a.label,
          fields: a.fields,
          comment: a.commentRequired ? 'required' : 'optional',
          danger: a.danger,
          dispatch: a.name === 'dispatch',
          run,
        }),
      );
    if (a.danger)
      return (
        <Popconfirm
          key={a.name}
          title={t('action.confirm', { action: a.label })}
          onConfirm={() => run({}).catch(() => undefined)}
        >
          {button()}
        </Popconfirm>
      );
    return button(() => void run({}).catch(() => undefined));
  };

  const decision = (d: Decision, needsComment: boolean) => {
    const label = t(`approval.${d}`);
    const run = async (body: Record<string, unknown>) =>
      act(() => decide(d, approval!.id, body.comment as string | undefined));
    return (
      <Button
        key={d}
        danger={d !== 'approve'}
        type={d === 'approve' ? 'primary' : 'default'}
        data-testid={`repair-approval-${d}`}
        onClick={() => setForm({ title: label, fields: [], comment: needsComment ? 'required' : 'optional', run })}
      >
        {label}
      </Button>
    );
  };

  // While an approval runs, its decisions move the order: the state's own actions wait.
  const buttons = approval
    ? [
        approval.mine && decision('approve', false),
        approval.mine && decision('reject', true),
        approval.submitterId !== null && approval.submitterId === me && decision('recall', false),
      ]
    : workflow.actions.filter((a) => a.can && a.from.includes(state)).map(actionButton);

  if (!approval && buttons.length === 0) return null;
  return (
    <>
      <Space wrap data-testid="repair-actions" style={{ marginBottom: 16 }}>
        {approval && (
          <Tag color="processing" data-testid="repair-approval-pending">
            {t('approval.pending', { node: approval.node ?? '' })}
          </Tag>
        )}
        {buttons}
      </Space>
      {form && <ActionDialog form={form} onClose={() => setForm(null)} />}
    </>
  );
}
