import { CheckOutlined, DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Modal, Popconfirm, Segmented, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { layoutStore } from '../../layout/layout-store';
import { UNREAD_QUERY_KEY } from '../../layout/MessageBell';
import { PageBoxPager, Pagination } from '../../platform/pagination/Pagination';
import { DEFAULT_LIMIT } from '../../platform/pagination/paging';
import { useStore } from '../../platform/store';
import { toast } from '../../platform/ui/feedback';
import { deleteMessages, fetchMessages, MESSAGES_QUERY_KEY, type Message, markRead } from './queries';
import './shell-pages.css';
import { ResponsiveTable } from '../../platform/ui/ResponsiveTable';

type Filter = 'all' | 'unread' | 'read';
const STATE: Record<Filter, 0 | 1 | undefined> = { all: undefined, unread: 0, read: 1 };

/** 消息提醒: my messages, paged, with marking as read (spec 2.5). */
export default function MessagesPage() {
  const { t } = useTranslation('shell');
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<Filter>('all');
  const [paging, setPaging] = useState({ page: 1, limit: DEFAULT_LIMIT });
  const [selected, setSelected] = useState<number[]>([]);
  const [reading, setReading] = useState<Message | null>(null);
  const mobile = useStore(layoutStore).device === 'mobile';
  const query = useQuery({
    queryKey: [MESSAGES_QUERY_KEY, filter, paging.page, paging.limit],
    queryFn: () => fetchMessages(paging.page, paging.limit, STATE[filter]),
    placeholderData: keepPreviousData,
  });
  const read = useMutation({
    mutationFn: markRead,
    onSuccess: () => {
      setSelected([]);
      void queryClient.invalidateQueries({ queryKey: [MESSAGES_QUERY_KEY] });
      void queryClient.invalidateQueries({ queryKey: UNREAD_QUERY_KEY });
    },
  });

  const remove = useMutation({
    mutationFn: deleteMessages,
    onSuccess: (r) => {
      setSelected([]);
      if (r.msg) toast('success', r.msg);
      void queryClient.invalidateQueries({ queryKey: [MESSAGES_QUERY_KEY] });
      void queryClient.invalidateQueries({ queryKey: UNREAD_QUERY_KEY });
    },
  });

  const open = (m: Message) => {
    setReading(m);
    if (m.state === 0) read.mutate([m.id]);
  };

  return (
    <Card variant="borderless" className="shell-page" title={t('messages.title')} data-testid="messages-page">
      <div className="messages-toolbar">
        <Space wrap className="messages-toolbar__actions">
          <Segmented<Filter>
            value={filter}
            onChange={(v) => {
              setFilter(v);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            options={[
              { value: 'all', label: t('messages.filter.all') },
              { value: 'unread', label: t('messages.filter.unread') },
              { value: 'read', label: t('messages.filter.read') },
            ]}
          />
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void query.refetch()}
            aria-label={t('common:actions.refresh')}
          />
          <Button
            type="primary"
            icon={<CheckOutlined />}
            disabled={selected.length === 0}
            loading={read.isPending}
            onClick={() => read.mutate(selected)}
            data-testid="messages-mark-read"
          >
            {t('messages.markRead')}
          </Button>
          <Popconfirm
            title={t('messages.deleteConfirm', { n: selected.length })}
            disabled={selected.length === 0}
            onConfirm={() => remove.mutate(selected)}
          >
            <Button
              danger
              icon={<DeleteOutlined />}
              disabled={selected.length === 0}
              loading={remove.isPending}
              data-testid="messages-delete"
            >
              {t('messages.delete')}
            </Button>
          </Popconfirm>
        </Space>
      </div>
      <ResponsiveTable<Message>
        rowKey="id"
        loading={query.isFetching}
        dataSource={query.data?.data ?? []}
        pagination={false}
        scroll={{ x: 720 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        onRow={(m) => ({ onClick: () => open(m), className: 'clickable-row' })}
        locale={{ emptyText: t('messages.empty') }}
        columns={[
          {
            title: t('messages.state'),
            dataIndex: 'state',
            width: 110,
            render: (s: number) =>
              s === 0 ? (
                <Badge status="processing" text={t('messages.unread')} />
              ) : (
                <Badge status="default" text={t('messages.read')} />
              ),
          },
          { title: t('messages.subject'), dataIndex: 'title', width: 240, ellipsis: true },
          { title: t('messages.content'), dataIndex: 'content', ellipsis: true },
          {
            title: t('messages.time'),
            dataIndex: 'created_at',
            width: 180,
            render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
          },
        ]}
      />
      {mobile ? (
        <div className="messages-pagebox">
          <PageBoxPager total={query.data?.count ?? 0} page={paging.page} limit={paging.limit} onChange={setPaging} />
        </div>
      ) : (
        <Pagination total={query.data?.count ?? 0} page={paging.page} limit={paging.limit} onChange={setPaging} />
      )}
      <Modal open={Boolean(reading)} title={reading?.title} footer={null} onCancel={() => setReading(null)} width={640}>
        <Typography.Paragraph type="secondary">
          {reading ? dayjs(reading.created_at).format('YYYY-MM-DD HH:mm:ss') : ''}
        </Typography.Paragraph>
        <Typography.Paragraph className="message-body">{reading?.content}</Typography.Paragraph>
      </Modal>
    </Card>
  );
}
