import { Button, Popconfirm } from 'antd';
import { type ReactElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../platform/ui/feedback';
import { useEntityMeta } from '../../resources/api';
import { mayRun } from '../../resources/can';
import { type ListContext, ResourceListPage } from '../../resources/ResourceListPage';
import type { Row, WorkflowAction } from '../../resources/types';
import { ActionDialog, type ActionForm } from '../repair/ActionDialog';
import { runAction } from './api';

type Run = (body: Record<string, unknown>) => Promise<void>;

/**
 * One workflow step's button: a dialog for its inputs or reason, a confirmation when it is dangerous, else it
 * runs at once (a refusal is shown by the client).
 */
export function stepButton(
  a: WorkflowAction,
  run: Run,
  openForm: (form: ActionForm) => void,
  confirmTitle: string,
  button: (onClick?: () => void) => ReactElement,
): ReactElement {
  if (a.fields.length || a.commentRequired)
    return button(() =>
      openForm({
        title: a.label,
        fields: a.fields,
        comment: a.commentRequired ? 'required' : 'optional',
        danger: a.danger,
        run,
      }),
    );
  if (a.danger)
    return (
      <Popconfirm key={a.name} title={confirmTitle} onConfirm={() => run({}).catch(() => undefined)}>
        {button()}
      </Popconfirm>
    );
  return button(() => void run({}).catch(() => undefined));
}

/**
 * An entity's list whose rows carry the workflow steps their state and the user's permissions allow; a step
 * with inputs or a reason opens a dialog, a dangerous one asks first.
 */
export function WorkflowList({
  entity,
  fixed,
  testPrefix,
}: {
  entity: string;
  fixed?: Record<string, string | number>;
  testPrefix: string;
}) {
  const { t } = useTranslation('check');
  const { data: meta } = useEntityMeta(entity);
  const [form, setForm] = useState<ActionForm | null>(null);
  const stateField = meta?.workflow?.stateField ?? 'state';
  const rowActions = (row: Row, ctx: ListContext) =>
    (meta?.workflow?.actions ?? [])
      .filter((a) => meta && mayRun(meta, a, row) && a.from.includes(String(row[stateField])))
      .map((a) => {
        const run = async (body: Record<string, unknown>) => {
          toast('success', await runAction(a.url, { id: row.id, ...body }));
          await ctx.refresh();
        };
        const button = (onClick?: () => void) => (
          <Button
            key={a.name}
            type="link"
            size="small"
            danger={a.danger}
            data-testid={`${testPrefix}-${a.name}`}
            onClick={onClick}
          >
            {a.label}
          </Button>
        );
        return stepButton(a, run, setForm, t('task.confirm', { action: a.label }), button);
      });
  return (
    <>
      <ResourceListPage entity={entity} fixed={fixed} rowActions={rowActions} />
      {form && <ActionDialog form={form} onClose={() => setForm(null)} />}
    </>
  );
}
