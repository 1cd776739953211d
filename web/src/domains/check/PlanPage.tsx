import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hasPermission } from '../../app/session';
import { toast } from '../../platform/ui/feedback';
import { type ListContext, ResourceListPage } from '../../resources/ResourceListPage';
import type { Row } from '../../resources/types';
import { WorkflowActions } from '../../resources/WorkflowActions';
import { generate, PLAN } from './api';
import { planCode, useKind } from './kind';
import { MetrologyButton } from './MetrologyButton';
import { RouteButton } from './RouteButton';

/**
 * The plans of the page's kind (/check/spotcheckPlan/2, /patrol/plan, /maintain/plan/3): switched on and off,
 * previewed on a calendar before, and their due tasks made at once; the check routes a plan may walk are kept here.
 */
export default function PlanPage() {
  const { t } = useTranslation('check');
  const kind = useKind();
  const navigate = useNavigate();
  const act = async (work: () => Promise<string>, ctx: ListContext) => {
    try {
      toast('success', await work());
      await ctx.refresh();
    } catch {
      // refused: the client shows why
    }
  };
  const rowActions = (row: Row, ctx: ListContext) => (
    <Space size={0} wrap>
      <WorkflowActions entity={PLAN} row={row} testId="plan" />
      <Button
        type="link"
        size="small"
        data-testid="plan-preview"
        onClick={() => navigate(`/preview/index?id=${row.id}`)}
      >
        {t('plan.preview')}
      </Button>
      {row.state === 'on' && hasPermission(planCode(Number(row.kind), 'generate')) && (
        <Button
          type="link"
          size="small"
          data-testid="plan-generate"
          onClick={() => act(() => generate(Number(row.id)), ctx)}
        >
          {t('plan.generate')}
        </Button>
      )}
    </Space>
  );
  return (
    <ResourceListPage
      key={kind}
      entity={PLAN}
      fixed={{ kind }}
      rowActions={rowActions}
      toolbarExtra={() => (
        <>
          <RouteButton kind={kind} />
          {kind === 3 && <MetrologyButton />}
        </>
      )}
    />
  );
}
