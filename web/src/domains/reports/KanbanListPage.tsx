import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Popconfirm, Result, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEntityMeta } from '../../resources/api';
import { RefSelect } from '../../resources/RefSelect';
import { type Board, boardLink, fetchBoards, revokeBoard, saveBoard, signedIn } from './board-api';
import './boards.css';

/** /kbList: the tenant's boards, made and revoked here; each opens full screen on a TV by its link. */
export default function KanbanListPage() {
  const { t } = useTranslation('reports');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const session = signedIn();
  const orders = useEntityMeta('maintaintask');
  const workshop = orders.data?.fields.find((f) => f.name === 'workshopId');
  const [kind, setKind] = useState<'repair' | 'equipment'>('repair');
  const [name, setName] = useState('');
  const [workshopId, setWorkshopId] = useState<number | null>(null);
  const boards = useQuery({ queryKey: ['kanban-list'], queryFn: fetchBoards, enabled: session });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['kanban-list'] });
  const create = useMutation({
    mutationFn: () => saveBoard({ kind, name: name.trim(), workshopId }),
    onSuccess: (r) => {
      message.success(r.msg);
      setName('');
      void refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (id: number) => revokeBoard(id),
    onSuccess: (r) => {
      message.success(r.msg);
      void refresh();
    },
  });
  if (!session)
    return (
      <Result
        status="info"
        title={t('board.listTitle')}
        subTitle={t('board.signInHint')}
        extra={
          <Link to="/login?redirect=/kbList">
            <Button type="primary">{t('board.signIn')}</Button>
          </Link>
        }
      />
    );
  return (
    <div className="kb-list" data-testid="kb-list">
      <h1>{t('board.listTitle')}</h1>
      <div className="kb-list__form">
        <Select
          value={kind}
          onChange={setKind}
          options={(['repair', 'equipment'] as const).map((k) => ({ value: k, label: t(`board.kinds.${k}`) }))}
          data-testid="kb-kind"
        />
        <Input
          value={name}
          maxLength={100}
          placeholder={t('board.name')}
          onChange={(e) => setName(e.target.value)}
          data-testid="kb-name"
        />
        {workshop && (
          <RefSelect
            field={workshop}
            value={workshopId ?? undefined}
            onChange={(v) => setWorkshopId((v as number | null) ?? null)}
            placeholder={t('board.allWorkshops')}
          />
        )}
        <Button
          type="primary"
          disabled={!name.trim()}
          loading={create.isPending}
          onClick={() => create.mutate()}
          data-testid="kb-create"
        >
          {t('board.create')}
        </Button>
      </div>
      <Table<Board>
        rowKey="id"
        size="small"
        loading={boards.isFetching}
        dataSource={boards.data ?? []}
        pagination={false}
        scroll={{ x: true }}
        columns={[
          { key: 'name', title: t('board.name'), dataIndex: 'name' },
          { key: 'kind', title: t('board.kind'), render: (_, b) => t(`board.kinds.${b.kind}`) },
          { key: 'ws', title: t('filters.workshopId'), render: (_, b) => b.workshopName ?? t('board.allWorkshops') },
          {
            key: 'open',
            title: t('board.link'),
            render: (_, b) =>
              b.revokedAt ? (
                <Tag>{t('board.revoked')}</Tag>
              ) : (
                <a href={boardLink(b.token)} target="_blank" rel="noreferrer" data-testid="kb-open">
                  {t('board.open')}
                </a>
              ),
          },
          {
            key: 'revoke',
            render: (_, b) =>
              !b.revokedAt && (
                <Popconfirm title={t('board.revokeConfirm')} onConfirm={() => revoke.mutate(b.id)}>
                  <Button type="link" danger size="small">
                    {t('board.revoke')}
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </div>
  );
}
