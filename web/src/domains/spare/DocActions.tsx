import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../platform/ui/feedback';
import { useEntityMeta } from '../../resources/api';
import type { ListContext } from '../../resources/ResourceListPage';
import type { Row } from '../../resources/types';
import { ActionDialog } from '../repair/ActionDialog';
import { DOC, runDocAction } from './api';

/** The workflow buttons a document's state and the user's permissions allow (submit, approve, reject, recall, post). */
export function DocActions({ row, ctx }: { row: Row; ctx: ListContext }) {
  const { t } = useTranslation('spare');
  const { data: meta } = useEntityMeta(DOC);
  const [commenting, setCommenting] = useState<string | null>(null);
  const actions = (meta?.workflow?.actions ?? []).filter((a) => a.can && a.from.includes(String(row.state)));
  const run = async (name: string, body: Record<string, unknown> = {}) => {
    const r = await runDocAction(name, { id: row.id, ...body });
    toast('success', r.msg ?? '');
    await ctx.refresh();
  };
  const dialog = actions.find((a) => a.name === commenting);
  return (
    <>
      {actions.map((a) =>
        a.commentRequired ? (
          <Button
            key={a.name}
            type="link"
            size="small"
            danger={a.danger}
            onClick={() => setCommenting(a.name)}
            data-testid={`doc-${a.name}`}
          >
            {a.label}
          </Button>
        ) : (
          <Popconfirm
            key={a.name}
            title={t('confirm', { action: a.label })}
            onConfirm={() => run(a.name).catch(() => undefined)}
            okButtonProps={{ 'data-testid': `doc-${a.name}-ok` }}
          >
            <Button type="link" size="small" danger={a.danger} data-testid={`doc-${a.name}`}>
              {a.label}
            </Button>
          </Popconfirm>
        ),
      )}
      {dialog && (
        <ActionDialog
          form={{
            title: dialog.label,
            fields: dialog.fields,
            comment: 'required',
            danger: dialog.danger,
            run: (b) => run(dialog.name, b),
          }}
          onClose={() => setCommenting(null)}
        />
      )}
    </>
  );
}
