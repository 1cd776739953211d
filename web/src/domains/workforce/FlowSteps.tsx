import { Button, Empty, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '../../platform/ui/ResponsiveTable';
import { useEntityMeta } from '../../resources/api';
import { type FlowNode, type Named, useFlowNodes, usePreviewApprovers } from './flow-api';

const names = (list: Named[] | undefined | null) =>
  list?.length ? (
    <Space size={[4, 4]} wrap>
      {list.map((a) => (
        <Tag key={a.id}>{a.name}</Tag>
      ))}
    </Space>
  ) : (
    '—'
  );

/**
 * The steps of a flow as the expanded row shows them: order, name, approver kind and the chosen roles or
 * users by name; on demand, who would approve a request of the current user (previewAuditUser).
 */
export function FlowSteps({ flowId }: { flowId: number }) {
  const { t } = useTranslation('workforce');
  const { data: nodes, isFetching } = useFlowNodes(flowId);
  const { data: meta } = useEntityMeta('actnode');
  const [preview, setPreview] = useState(false);
  const { data: resolved, isFetching: resolving } = usePreviewApprovers(flowId, preview);
  const field = (name: string) => meta?.fields.find((f) => f.name === name);
  const kindLabel = (v: string) => field('approverKind')?.options?.find((o) => o.value === v)?.label ?? v;
  const mine = new Map((resolved?.nodes ?? []).map((n) => [n.id, n.approvers]));

  return (
    <div className="flow-steps" data-testid={`flow-steps-${flowId}`}>
      <ResponsiveTable<FlowNode>
        rowKey="id"
        size="small"
        pagination={false}
        loading={isFetching || resolving}
        dataSource={nodes ?? []}
        locale={{ emptyText: <Empty description={t('flow.noSteps')} /> }}
        columns={[
          { key: 'sort', title: field('sort')?.label, dataIndex: 'sort', width: 80 },
          { key: 'name', title: field('name')?.label, dataIndex: 'name' },
          {
            key: 'kind',
            title: field('approverKind')?.label,
            render: (_v, n) => kindLabel(n.approverKind),
          },
          {
            key: 'approvers',
            title: field('approverIds')?.label,
            render: (_v, n) => (n.approverKind === 'orgLeader' ? t('flow.orgLeaderHint') : names(n.approvers)),
          },
          ...(preview
            ? [
                {
                  key: 'mine',
                  title: t('flow.myApprovers'),
                  render: (_v: unknown, n: FlowNode) => names(mine.get(n.id)),
                },
              ]
            : []),
        ]}
      />
      {!preview && (nodes?.length ?? 0) > 0 && (
        <Button type="link" size="small" onClick={() => setPreview(true)} data-testid="flow-preview">
          {t('flow.preview')}
        </Button>
      )}
    </div>
  );
}
