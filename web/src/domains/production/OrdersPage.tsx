import { MinusCircleOutlined, PlusOutlined, ScissorOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, InputNumber, Modal, Progress, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { toast } from '../../platform/ui/feedback';
import { type ListContext, ResourceListPage } from '../../resources/ResourceListPage';
import type { Row } from '../../resources/types';
import { WorkflowActions } from '../../resources/WorkflowActions';
import { orderProgress, splitOrder } from './api';
import './production.css';

const cents = (v: number) => Math.round(v * 100);

/** The split of a planned order: parts that must add up to its quantity (the server checks it again). */
function SplitDialog({ order, onClose, onDone }: { order: Row; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('production');
  const total = Number(order.quantity);
  const [parts, setParts] = useState<number[]>([Math.ceil(total / 2), total - Math.ceil(total / 2)]);
  const sum = parts.reduce((s, p) => s + cents(p || 0), 0) / 100;
  const ok = cents(sum) === cents(total) && parts.length >= 2 && parts.every((p) => p > 0);
  const submit = async () => {
    toast('success', await splitOrder(Number(order.id), parts));
    onDone();
  };
  return (
    <Modal
      open
      title={t('order.splitTitle', { code: order.code })}
      onCancel={onClose}
      onOk={() => submit().catch(() => undefined)}
      okButtonProps={{ disabled: !ok, id: 'split-ok' }}
    >
      <Space direction="vertical" className="production-full">
        {parts.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts are positions, not records
          <Space key={i}>
            <InputNumber
              min={0.01}
              max={total}
              step={1}
              value={p}
              data-testid={`split-part-${i}`}
              onChange={(v) => setParts(parts.map((x, j) => (j === i ? Number(v) || 0 : x)))}
            />
            {parts.length > 2 && (
              <Button
                type="text"
                icon={<MinusCircleOutlined />}
                aria-label={t('order.removePart')}
                onClick={() => setParts(parts.filter((_, j) => j !== i))}
              />
            )}
          </Space>
        ))}
        <Button icon={<PlusOutlined />} onClick={() => setParts([...parts, 0])}>
          {t('order.addPart')}
        </Button>
        <Typography.Text type={ok ? 'success' : 'danger'} data-testid="split-sum">
          {t('order.splitSum', { sum, total })}
        </Typography.Text>
      </Space>
    </Modal>
  );
}

/** An order's progress per procedure (its plan tasks): what is good and scrapped of what is planned. */
function OrderProgress({ id }: { id: number }) {
  const { t } = useTranslation('production');
  const q = useQuery({ queryKey: ['order-progress', id], queryFn: () => orderProgress(id) });
  return (
    <Table
      size="small"
      rowKey="id"
      loading={q.isLoading}
      dataSource={q.data ?? []}
      pagination={false}
      scroll={{ x: 520 }}
      columns={[
        { title: t('order.step'), dataIndex: 'seq', width: 60 },
        { title: t('order.procedure'), render: (_, r) => `${r.procedureCode} ${r.procedureName}` },
        { title: t('order.station'), dataIndex: 'stationName', render: (v) => v ?? t('order.notScheduled') },
        { title: t('order.good'), dataIndex: 'goodQty', width: 90 },
        { title: t('order.scrap'), dataIndex: 'scrapQty', width: 90 },
        {
          title: t('order.progress'),
          width: 140,
          render: (_, r) => <Progress percent={Math.min(100, Number(r.progress ?? 0))} size="small" />,
        },
      ]}
    />
  );
}

/** /production/planWork: work orders with their steps (release, start, finish, close, cancel), split and progress. */
export default function OrdersPage() {
  const { t } = useTranslation('production');
  const [split, setSplit] = useState<{ row: Row; ctx: ListContext } | null>(null);
  const maySplit = hasPermission('production:planWork:split');
  const rowActions = (row: Row, ctx: ListContext) => [
    <WorkflowActions key="workflow" entity="workorder" row={row} testId="order" onDone={() => void ctx.refresh()} />,
    ...(maySplit && row.state === 'planned'
      ? [
          <Button
            key="split"
            type="link"
            size="small"
            icon={<ScissorOutlined />}
            data-testid="order-split"
            onClick={() => setSplit({ row, ctx })}
          >
            {t('order.split')}
          </Button>,
        ]
      : []),
  ];
  return (
    <>
      <ResourceListPage
        entity="workorder"
        rowActions={rowActions}
        rowLocked={(row) => row.state !== 'planned'}
        expandedRow={(row) =>
          row.state === 'planned' ? null : (
            <>
              <OrderProgress id={Number(row.id)} />
              {row.materialIssue && row.materialIssue !== 'none' && (
                <div className="production-issues">
                  <Typography.Text strong>{t('order.materialsIssued')}</Typography.Text>
                  <ResourceListPage entity="materialissue" nested fixed={{ workOrderId: Number(row.id) }} />
                </div>
              )}
            </>
          )
        }
      />
      {split && (
        <SplitDialog
          order={split.row}
          onClose={() => setSplit(null)}
          onDone={() => {
            setSplit(null);
            void split.ctx.refresh();
          }}
        />
      )}
    </>
  );
}
