import { AuditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Empty, List } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Envelope, http } from '../../platform/http/client';

interface Waiting {
  id: number;
  entity: string;
  entityName: string;
  recordNo: string | null;
  node: string;
  submitter: string | null;
  createdAt: string;
  link: string | null;
}

/** Workboard card 待我审批: how many documents wait for my decision, and the oldest few, each opening its record. */
export function MyApprovalsCard() {
  const { t } = useTranslation('shell');
  const mine = useQuery({
    queryKey: ['approvals', 'mine', 'latest'],
    queryFn: () => http.get<Envelope<Waiting[]>>('/api-flow/approval/mine', { page: 1, limit: 5 }),
    staleTime: 0,
  });
  const count = mine.data?.count ?? 0;
  return (
    <Card
      variant="borderless"
      className="workboard-approvals"
      data-testid="workboard-approvals"
      title={
        <span>
          <AuditOutlined /> {t('workboard.approvals')}{' '}
          <span data-testid="workboard-approvals-count" data-count={mine.data ? count : ''}>
            <Badge count={count} showZero color={count ? 'red' : 'gray'} />
          </span>
        </span>
      }
    >
      <List
        loading={mine.isLoading}
        dataSource={mine.data?.data ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workboard.noApprovals')} /> }}
        renderItem={(a) => {
          const title = `${a.entityName} ${a.recordNo ?? ''}`.trim();
          return (
            <List.Item>
              <List.Item.Meta
                title={
                  a.link ? (
                    <Link to={a.link} data-testid="workboard-approval">
                      {title}
                    </Link>
                  ) : (
                    title
                  )
                }
                description={t('workboard.approvalLine', { node: a.node, submitter: a.submitter ?? '—' })}
              />
              <span className="workboard-time">{dayjs(a.createdAt).format('MM-DD HH:mm')}</span>
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
