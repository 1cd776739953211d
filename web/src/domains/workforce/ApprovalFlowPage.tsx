import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { ResourceListPage } from '../../resources/ResourceListPage';
import { stateSwitchActions } from '../../resources/StateSwitch';
import type { Row } from '../../resources/types';
import { FlowSteps } from './FlowSteps';
import { FlowStepsDialog } from './FlowStepsDialog';

const switchState = stateSwitchActions('/api-flow/actFlows/updateState', 'setUp:process:enable');
const DESIGN = 'setUp:process:design';

/**
 * /setUp/process: approval flows per business type, one enabled per type. A row expands to its steps with
 * the chosen approvers by name; "design steps" edits them (order, approver kind, users or roles).
 */
export default function ApprovalFlowPage() {
  const { t } = useTranslation('workforce');
  const [designing, setDesigning] = useState<Row | null>(null);
  return (
    <>
      <ResourceListPage
        entity="actflow"
        expandedRow={(row) => <FlowSteps flowId={row.id} />}
        rowActions={(row, ctx) => (
          <>
            {switchState(row, ctx)}
            {hasPermission(DESIGN) && (
              <Button type="link" size="small" onClick={() => setDesigning(row)} data-testid="row-design">
                {t('flow.design')}
              </Button>
            )}
          </>
        )}
      />
      {designing && (
        <FlowStepsDialog flow={designing} onClose={() => setDesigning(null)} onSaved={() => setDesigning(null)} />
      )}
    </>
  );
}
