import { App, Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { http } from '../../platform/http/client';
import { useEntityMeta } from '../../resources/api';
import { type ListContext, ResourceListPage } from '../../resources/ResourceListPage';
import type { Row } from '../../resources/types';
import { ENTITY, PERMISSIONS } from './api';
import { TemplateDesigner } from './TemplateDesigner';
import './print.css';

/**
 * /labelmodel/index (标签模板): the tenant's print and label templates by kind, each opened in the designer; the
 * print pages of a kind print through its default template.
 */
export default function LabelModelPage() {
  const { t } = useTranslation('print');
  const { message } = App.useApp();
  const { data: meta } = useEntityMeta(ENTITY);
  const [open, setOpen] = useState<{ id: number | null; ctx: ListContext } | null>(null);
  const kindOptions = meta?.fields.find((f) => f.name === 'kind')?.options ?? [];
  const remove = async (row: Row, ctx: ListContext) => {
    await http.post('/api-manage/printTemplates/del', { id: row.id });
    message.success(t('designer.removed'));
    await ctx.refresh();
  };
  return (
    <>
      <ResourceListPage
        entity={ENTITY}
        rowLocked={() => true}
        addButton={(ctx) => (
          <Button type="primary" onClick={() => setOpen({ id: null, ctx })} data-testid="tp-new">
            {t('designer.newTitle')}
          </Button>
        )}
        rowActions={(row, ctx) => [
          hasPermission(PERMISSIONS.edit) && (
            <Button
              key="design"
              type="link"
              size="small"
              onClick={() => setOpen({ id: row.id, ctx })}
              data-testid="tp-design"
            >
              {t('designer.design')}
            </Button>
          ),
          hasPermission(PERMISSIONS.delete) && (
            <Popconfirm key="del" title={t('designer.removeConfirm')} onConfirm={() => remove(row, ctx)}>
              <Button type="link" size="small" danger>
                {t('designer.remove')}
              </Button>
            </Popconfirm>
          ),
        ]}
      />
      {open && (
        <TemplateDesigner
          id={open.id}
          kindOptions={kindOptions}
          onClose={() => {
            void open.ctx.refresh();
            setOpen(null);
          }}
        />
      )}
    </>
  );
}
