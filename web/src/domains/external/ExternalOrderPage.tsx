import { EyeOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEntityMeta } from '../../resources/api';
import { RecordDrawer } from '../../resources/RecordDrawer';
import { type ListContext, ResourceListPage } from '../../resources/ResourceListPage';
import type { Row } from '../../resources/types';
import { useOpenRecord } from '../../resources/useOpenRecord';
import { WorkflowActions } from '../../resources/WorkflowActions';

export const ENTITY = 'externalorder';

/**
 * /repair_admin/external (委外维修): the external maintenance orders; each row takes its next step (quote, approve,
 * start, finish, accept...) as its state and the user's codes allow, and opens in a drawer with its timeline.
 * A message's link (?id=) opens that order.
 */
export default function ExternalOrderPage() {
  const { t } = useTranslation('external');
  const { data: meta } = useEntityMeta(ENTITY);
  const { openId, open } = useOpenRecord();

  const rowActions = (row: Row, ctx: ListContext) => [
    <Button
      key="open"
      type="link"
      size="small"
      icon={<EyeOutlined />}
      onClick={() => open(Number(row.id))}
      data-testid="external-open"
    >
      {t('details')}
    </Button>,
    <WorkflowActions key="workflow" entity={ENTITY} row={row} testId="external" onDone={() => void ctx.refresh()} />,
  ];

  return (
    <>
      <ResourceListPage entity={ENTITY} rowActions={rowActions} rowLocked={(r) => r.state !== 'draft'} />
      {openId && meta?.workflow && (
        <RecordDrawer
          meta={meta}
          id={openId}
          onClose={() => open(null)}
          testId="external"
          title={(row) => `${String(row.code ?? '')} ${String(row.equipmentName ?? '')}`.trim() || t('drawerTitle')}
        />
      )}
    </>
  );
}
