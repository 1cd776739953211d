import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type ListContext, ResourceListPage } from '../../resources/ResourceListPage';
import type { Row } from '../../resources/types';
import { WorkflowActions } from '../../resources/WorkflowActions';
import { MODE_PATHS, modesOf, PROJECT } from './project-api';

/**
 * /project/index (项目管理): the projects of every project form, each opened in the mode its state allows
 * (look, edit while planned, perform while executing, audit while in audit) and taking its next step here.
 */
export default function ProjectListPage() {
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
      noExpand
      addButton={() => (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => navigate(MODE_PATHS.add)}
          data-testid="project-add"
        >
          {t('project.add')}
        </Button>
      )}
    />
  );
}
