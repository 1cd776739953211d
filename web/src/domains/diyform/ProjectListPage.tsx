import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useViewRoute } from '../../app/route-context';
import { type ListContext, ResourceListPage } from '../../resources/ResourceListPage';
import type { Row } from '../../resources/types';
import { WorkflowActions } from '../../resources/WorkflowActions';
import { fetchProjectFormByCode, MODE_PATHS, modesOf, PROJECT } from './project-api';

/**
 * /project/index (项目管理): the projects of every project form, each opened in the mode its state allows
 * (look, edit while planned, perform while executing, audit while in audit) and taking its next step here.
 * A project form published as a menu (a fromproject leaf /project/index/<code>, spec 2.6) shows the projects of
 * that form only, and adds them on it.
 */
export default function ProjectListPage() {
  const { t } = useTranslation('diyform');
  const code = useViewRoute()?.meta.query?.trim() || null;
  const form = useQuery({
    queryKey: ['project-form-code', code],
    queryFn: () => fetchProjectFormByCode(code!),
    enabled: !!code,
    retry: false,
  });
  if (!code) return <ProjectList formId={null} />;
  if (form.isLoading) return <Spin className="resource-loading" />;
  if (!form.data)
    return (
      <Result
        status="warning"
        title={form.error?.message || t('show.unavailable')}
        data-testid="project-form-message"
      />
    );
  return <ProjectList formId={form.data.formId} />;
}

function ProjectList({ formId }: { formId: number | null }) {
  const { t } = useTranslation('diyform');
  const navigate = useNavigate();
  const rowActions = (row: Row, ctx: ListContext) => [
    ...modesOf(String(row.state))
      .filter((m) => m !== 'look')
      .map((m) => (
        <Link key={m} to={`${MODE_PATHS[m]}?id=${row.id}`} data-testid={`project-open-${m}`}>
          {t(`project.open.${m}`)}
        </Link>
      )),
    <Link key="look" to={`${MODE_PATHS.look}?id=${row.id}`} data-testid="project-open-look">
      {t('project.open.look')}
    </Link>,
    <WorkflowActions key="workflow" entity={PROJECT} row={row} testId="project" onDone={() => void ctx.refresh()} />,
  ];
  return (
    <ResourceListPage
      entity={PROJECT}
      rowActions={rowActions}
      fixed={formId ? { formId } : undefined}
      noExpand
      addButton={() => (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => navigate(formId ? `${MODE_PATHS.add}?formId=${formId}` : MODE_PATHS.add)}
          data-testid="project-add"
        >
          {t('project.add')}
        </Button>
      )}
    />
  );
}
