import { DownloadOutlined, HistoryOutlined, MailOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Col, Empty, List, Row, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTitleOf } from '../../app/titles';
import { setDownloadsOpen } from '../../layout/layout-store';
import { tabsStore } from '../../layout/tabs-store';
import { useStore } from '../../platform/store';
import { MyApprovalsCard } from './MyApprovalsCard';
import { fetchDownloads, fetchMessages, MESSAGES_QUERY_KEY } from './queries';
import './shell-pages.css';

/** Workboard (工作台): my latest messages, my latest exports and the pages I opened — all real data. */
export default function WorkboardPage() {
  const { t } = useTranslation('shell');
  const titleOf = useTitleOf();
  const messages = useQuery({ queryKey: [MESSAGES_QUERY_KEY, 'latest'], queryFn: () => fetchMessages(1, 6) });
  const downloads = useQuery({ queryKey: ['downloads', 'latest'], queryFn: () => fetchDownloads(1, 6) });
  const { views } = useStore(tabsStore);
  const recent = [...views].sort((a, b) => b.visitedAt - a.visitedAt).slice(0, 8);

  return (
    <div className="shell-page" data-testid="workboard">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <MyApprovalsCard />
          <Card
            variant="borderless"
            title={
              <span>
                <MailOutlined /> {t('workboard.messages')}
              </span>
            }
            extra={<Link to="/mes/message">{t('workboard.all')}</Link>}
          >
            <List
              loading={messages.isLoading}
              dataSource={messages.data?.data ?? []}
              locale={{
                emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workboard.noMessages')} />,
              }}
              renderItem={(m) => (
                <List.Item>
                  <List.Item.Meta
                    title={
                      <span className="workboard-msg-title">
                        {m.state === 0 ? <Badge status="processing" /> : <Badge status="default" />} {m.title}
                      </span>
                    }
                    description={<span className="workboard-msg-content">{m.content}</span>}
                  />
                  <span className="workboard-time">{dayjs(m.created_at).format('MM-DD HH:mm')}</span>
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card
            variant="borderless"
            title={
              <span>
                <DownloadOutlined /> {t('workboard.downloads')}
              </span>
            }
            extra={
              <Button type="link" size="small" onClick={() => setDownloadsOpen(true)}>
                {t('workboard.all')}
              </Button>
            }
          >
            <List
              loading={downloads.isLoading}
              dataSource={downloads.data?.data ?? []}
              locale={{
                emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workboard.noDownloads')} />,
              }}
              renderItem={(d) => (
                <List.Item>
                  <span className="workboard-file">{d.filename || '—'}</span>
                  {d.filepath ? (
                    <Tag color="success">{t('workboard.ready')}</Tag>
                  ) : (
                    <Tag color="processing">{t('workboard.generating')}</Tag>
                  )}
                </List.Item>
              )}
            />
          </Card>
          <Card
            variant="borderless"
            className="workboard-recent"
            title={
              <span>
                <HistoryOutlined /> {t('workboard.recent')}
              </span>
            }
          >
            {recent.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
            ) : (
              <div className="recent-links">
                {recent.map((v) => (
                  <Link key={v.path} to={v.fullPath} className="recent-link">
                    {titleOf(v.meta)}
                  </Link>
                ))}
              </div>
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
