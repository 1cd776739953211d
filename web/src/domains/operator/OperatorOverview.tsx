import { BankOutlined, ClockCircleOutlined, MessageOutlined, TagsOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasPermission } from '../../app/session';
import { companyList, feedbackPage, timedTasks, versionPage } from './api';

/** Feedback state waiting for the operator's answer. */
const OPEN_FEEDBACK = 0;

function Figure(props: { to: string; title: string; value?: number; loading: boolean; icon: ReactNode; id: string }) {
  return (
    <Col xs={12} lg={6}>
      <Card variant="borderless" className="stat-card" data-testid={`operator-figure-${props.id}`}>
        <Link to={props.to}>
          <Statistic title={props.title} value={props.value ?? 0} prefix={props.icon} loading={props.loading} />
        </Link>
      </Card>
    </Col>
  );
}

/**
 * The operator's console on the home page of the platform company (root): what an operator looks after (tenant
 * companies, versions, feedback waiting for an answer, timed tasks failing), each leading to its page. The
 * platform company has no factory of its own, so the tenant's figures have no place here.
 */
export function OperatorOverview() {
  const { t } = useTranslation('operator');
  const companies = useQuery({
    queryKey: ['op-overview', 'companies'],
    queryFn: companyList,
    enabled: hasPermission('admin:company:view'),
  });
  const versions = useQuery({
    queryKey: ['op-overview', 'versions'],
    queryFn: () => versionPage({ page: 1, limit: 1 }),
    enabled: hasPermission('operatesys:version:view'),
  });
  const feedback = useQuery({
    queryKey: ['op-overview', 'feedback'],
    queryFn: () => feedbackPage({ page: 1, limit: 1, state: OPEN_FEEDBACK }),
    enabled: hasPermission('operatesys:feedback:view'),
  });
  const tasks = useQuery({
    queryKey: ['op-overview', 'timed-tasks'],
    queryFn: timedTasks,
    enabled: hasPermission('admin:timetask:view'),
  });
  return (
    <Card variant="borderless" title={t('overview.title')} data-testid="operator-console">
      <Row gutter={[16, 16]}>
        <Figure
          id="companies"
          to="/admin/company"
          title={t('overview.companies')}
          value={companies.data?.filter((c) => !c.isPlatform).length}
          loading={companies.isLoading}
          icon={<BankOutlined />}
        />
        <Figure
          id="versions"
          to="/operatesys/version"
          title={t('overview.versions')}
          value={versions.data?.total}
          loading={versions.isLoading}
          icon={<TagsOutlined />}
        />
        <Figure
          id="feedback"
          to="/operatesys/feedback"
          title={t('overview.openFeedback')}
          value={feedback.data?.total}
          loading={feedback.isLoading}
          icon={<MessageOutlined />}
        />
        <Figure
          id="timed-tasks"
          to="/admin/timetask"
          title={t('overview.failingTasks')}
          value={tasks.data?.filter((task) => task.failures > 0).length}
          loading={tasks.isLoading}
          icon={<ClockCircleOutlined />}
        />
      </Row>
    </Card>
  );
}
