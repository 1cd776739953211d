import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, InputNumber, Space, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bomTree, whereUsed } from './api';

/** The exploded tree of a product (every level, per a quantity) and where a material is used, in a drawer. */
export function BomTree({ materialId, title, onClose }: { materialId: number; title: string; onClose: () => void }) {
  const { t } = useTranslation('production');
  const [qty, setQty] = useState(1);
  const tree = useQuery({ queryKey: ['bom-tree', materialId, qty], queryFn: () => bomTree(materialId, qty) });
  const used = useQuery({ queryKey: ['bom-used', materialId], queryFn: () => whereUsed(materialId) });
  return (
    <Drawer open onClose={onClose} title={title} width={Math.min(720, window.innerWidth)} data-testid="bom-tree">
      <Tabs
        items={[
          {
            key: 'tree',
            label: t('bom.tree'),
            children: (
              <>
                <Space className="production-bar">
                  {t('bom.forQuantity')}
                  <InputNumber min={1} max={1_000_000} value={qty} onChange={(v) => setQty(Number(v) || 1)} />
                </Space>
                <Table
                  size="small"
                  rowKey={(r) => r.path.join('-')}
                  loading={tree.isLoading}
                  dataSource={tree.data ?? []}
                  pagination={false}
                  scroll={{ x: 480 }}
                  locale={{ emptyText: <Empty description={t('bom.noTree')} /> }}
                  columns={[
                    {
                      title: t('bom.component'),
                      render: (_, r) => (
                        <span style={{ paddingLeft: (r.level - 1) * 16 }}>
                          {r.code} {r.name}
                        </span>
                      ),
                    },
                    { title: t('bom.level'), dataIndex: 'level', width: 60 },
                    { title: t('bom.perParent'), dataIndex: 'quantity', width: 100 },
                    { title: t('bom.scrap'), dataIndex: 'scrapRate', width: 80 },
                    { title: t('bom.total'), dataIndex: 'totalQuantity', width: 110 },
                  ]}
                />
              </>
            ),
          },
          {
            key: 'used',
            label: t('bom.whereUsed'),
            children: (
              <Table
                size="small"
                rowKey={(r) => `${r.level}-${r.bomCode}`}
                loading={used.isLoading}
                dataSource={used.data ?? []}
                pagination={false}
                scroll={{ x: 420 }}
                locale={{ emptyText: <Empty description={t('bom.notUsed')} /> }}
                columns={[
                  { title: t('bom.level'), dataIndex: 'level', width: 60 },
                  { title: t('bom.product'), render: (_, r) => `${r.code} ${r.name}` },
                  {
                    title: t('bom.bom'),
                    render: (_, r) => (
                      <>
                        {r.bomCode} {r.version} {r.isCurrent && <Tag color="green">{t('bom.current')}</Tag>}
                      </>
                    ),
                  },
                  { title: t('bom.perParent'), dataIndex: 'quantity', width: 100 },
                ]}
              />
            ),
          },
        ]}
      />
    </Drawer>
  );
}
