import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { http } from '../../platform/http/client';
import { toast } from '../../platform/ui/feedback';
import type { ListContext } from '../../resources/ResourceListPage';
import type { Row } from '../../resources/types';

export interface DocButtons {
  /** Route prefix of submit, audit and recall ({ id }). */
  base: string;
  submit: string[];
  audit: string;
  recall: string;
}

/** Submit (draft), audit and recall (submitted) of a request document, as the user's buttons allow. */
export function DocActions({ row, ctx, buttons }: { row: Row; ctx: ListContext; buttons: DocButtons }) {
  const { t } = useTranslation('equipment');
  const step = async (action: 'submit' | 'audit' | 'recall') => {
    try {
      const r = await http.post<{ msg: string }>(`${buttons.base}/${action}`, { id: row.id });
      toast('success', r.msg);
      await ctx.refresh();
    } catch {
      // shown by the HTTP client
    }
  };
  const link = (action: 'submit' | 'audit' | 'recall', danger = false) => (
    <Popconfirm key={action} title={t(`doc.confirm.${action}`)} onConfirm={() => step(action)}>
      <Button type="link" size="small" danger={danger} data-testid={`row-${action}`}>
        {t(`doc.${action}`)}
      </Button>
    </Popconfirm>
  );
  if (row.state === 'draft' && buttons.submit.some((c) => hasPermission(c))) return link('submit');
  if (row.state !== 'submitted') return null;
  return (
    <>
      {hasPermission(buttons.audit) && link('audit')}
      {hasPermission(buttons.recall) && link('recall', true)}
    </>
  );
}

/** Documents past the draft can no longer be edited or deleted. */
export const notDraft = (row: Row) => row.state !== 'draft';
