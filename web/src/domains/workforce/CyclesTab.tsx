import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIONS_COLUMN, ResponsiveTable } from '../../platform/ui/ResponsiveTable';
import { useEntityMeta } from '../../resources/api';
import { CYCLES_KEY, type Cycle, deleteCycle, useCycles, useShifts } from './api';
import { CycleDialog } from './CycleDialog';
import { ShiftTag } from './ShiftTag';

/** The shift cycles: each day of a cycle is a shift or a rest day. */
export function CyclesTab() {
  const { t } = useTranslation('workforce');
  const { t: tr } = useTranslation('resources');
  const queryClient = useQueryClient();
  const cycles = useCycles();
  // What the caller may do to cycles, as the server computed it from their codes.
  const can = useEntityMeta('shiftcycle').data?.can;
  const shifts = useShifts();
  const byId = new Map((shifts.data ?? []).map((s) => [s.id, s]));
  const [editing, setEditing] = useState<Cycle | 'new' | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: CYCLES_KEY });

  const remove = async (id: number) => {
    try {
      await deleteCycle(id);
      await refresh();
    } catch {
      // The HTTP client has shown the reason.
    }
  };

  return (
    <>
      {can?.add && (
        <div className="resource-toolbar">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="cycle-add">
            {t('scheduling.cycle.add')}
          </Button>
        </div>
      )}
      <ResponsiveTable<Cycle>
        rowKey="id"
        size="middle"
        loading={cycles.isFetching}
        dataSource={cycles.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('scheduling.cycle.empty')} /> }}
        data-testid="cycle-table"
        columns={[
          { key: 'name', title: t('scheduling.cycle.name'), dataIndex: 'name' },
          {
            key: 'days',
            title: t('scheduling.cycle.days'),
            render: (_v, c) =>
              (c.days ?? []).map((d, i) => {
                const s = d === null ? undefined : byId.get(d);
                // biome-ignore lint/suspicious/noArrayIndexKey: the days of a cycle are positional
                return <ShiftTag key={i} name={s?.name ?? t('scheduling.cycle.rest')} colour={s?.colour ?? null} />;
              }),
          },
          {
            key: 'dayCount',
            title: t('scheduling.cycle.length'),
            render: (_v, c) => t('scheduling.cycle.dayCount', { count: c.dayCount }),
          },
          { key: 'remark', title: t('scheduling.cycle.remark'), dataIndex: 'remark', ellipsis: true },
          {
            key: ACTIONS_COLUMN,
            title: tr('table.actions'),
            render: (_v, c) => (
              <Space size={4}>
                {can?.edit && (
                  <Button type="link" size="small" onClick={() => setEditing(c)}>
                    {tr('actions.edit')}
                  </Button>
                )}
                {can?.delete && (
                  <Popconfirm title={t('scheduling.cycle.confirmDelete')} onConfirm={() => remove(c.id)}>
                    <Button type="link" size="small" danger>
                      {tr('actions.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <CycleDialog
          cycle={editing === 'new' ? null : editing}
          shifts={shifts.data ?? []}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
    </>
  );
}
