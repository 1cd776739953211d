import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hasPermission, refreshMenus, useSession } from '../../app/session';
import { toast } from '../../platform/ui/feedback';
import { type ListContext, ResourceListPage } from '../../resources/ResourceListPage';
import { stateSwitchActions } from '../../resources/StateSwitch';
import type { Row } from '../../resources/types';
import { unpublishForm } from './api';
import { FieldDesigner } from './FieldDesigner';
import { previewPath } from './form-code';
import { PublishDialog } from './PublishDialog';

const DESIGN = 'setUp:diyform:design';
const switchState = stateSwitchActions('/api-manage/customform/updateState', 'setUp:diyform:enable');

/**
 * /setUp/diyform: the company's own forms. Each form gets its fields in the designer, is published to the
 * menu under a chosen group (its page then shows its records through the generic form page), can be
 * previewed, and is switched on or off.
 */
export default function DiyFormPage() {
  const { t } = useTranslation('diyform');
  const navigate = useNavigate();
  useSession();
  const [designing, setDesigning] = useState<string | null>(null);
  const [publishing, setPublishing] = useState<{ form: Row; refresh: () => Promise<void> } | null>(null);

  const unpublish = async (form: Row, refresh: () => Promise<void>) => {
    try {
      await unpublishForm(form.id);
      await refreshMenus();
      toast('success', t('publish.removed'));
      await refresh();
    } catch {
      // The HTTP client has shown the reason.
    }
  };

  const rowActions = (row: Row, ctx: ListContext) => {
    if (!hasPermission(DESIGN)) return switchState(row, ctx);
    const code = String(row.code);
    const items: MenuProps['items'] = [
      {
        key: 'publish',
        label: <span data-testid="form-publish">{t(row.published ? 'actions.move' : 'actions.publish')}</span>,
      },
      ...(row.published
        ? [{ key: 'unpublish', label: <span data-testid="form-unpublish">{t('actions.unpublish')}</span> }]
        : []),
      { key: 'preview', label: <span data-testid="form-preview">{t('actions.preview')}</span> },
    ];
    const onClick: MenuProps['onClick'] = ({ key }) => {
      if (key === 'publish') setPublishing({ form: row, refresh: ctx.refresh });
      else if (key === 'unpublish') void unpublish(row, ctx.refresh);
      else navigate(previewPath(code));
    };
    return (
      <>
        <Button type="link" size="small" onClick={() => setDesigning(code)} data-testid="form-design">
          {t('actions.design')}
        </Button>
        <Dropdown menu={{ items, onClick }} trigger={['click']}>
          <Button type="link" size="small" data-testid="form-more">
            {t('actions.more')} <DownOutlined />
          </Button>
        </Dropdown>
        {switchState(row, ctx)}
      </>
    );
  };

  return (
    <>
      <ResourceListPage entity="customform" rowActions={rowActions} />
      {designing && <FieldDesigner code={designing} onClose={() => setDesigning(null)} />}
      {publishing && (
        <PublishDialog
          form={publishing.form}
          onClose={() => setPublishing(null)}
          onDone={() => {
            void publishing.refresh();
            setPublishing(null);
          }}
        />
      )}
    </>
  );
}
