import { CalendarOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Empty, Select, Space, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { ApplyCycleDialog } from './ApplyCycleDialog';
import { GRID_KEY, type MonthGrid, useMonthGrid, useWorkgroups } from './api';
import { ShiftTag } from './ShiftTag';

type Member = MonthGrid['members'][number];

/** A month grid per work group (members × days), and applying a shift cycle to the group for a date range. */
export function MemberScheduleTab() {
  const { t } = useTranslation('workforce');
  const queryClient = useQueryClient();
  const groups = useWorkgroups();
  const [groupId, setGroupId] = useState<number | null>(null);
  const [month, setMonth] = useState<Dayjs>(dayjs().startOf('month'));
  const [applying, setApplying] = useState(false);
  const current = groupId ?? groups.data?.[0]?.id ?? null;
  const grid = useMonthGrid(current, month.format('YYYY-MM'));

  const columns = [
    {
      key: 'member',
      title: t('scheduling.grid.member'),
      fixed: 'left' as const,
      render: (_v: unknown, m: Member) => (
        <Space size={4}>
          {m.userName}
          {m.role === 'leader' && <Tag color="gold">{t('scheduling.grid.leader')}</Tag>}
        </Space>
      ),
    },
    ...(grid.data?.days ?? []).map((day) => ({
      key: day,
      title: dayjs(day).format('D'),
      className: 'member-grid__day',
      render: (_v: unknown, m: Member) => {
        const s = m.shifts[day];
        return s ? <ShiftTag name={s.shiftName} colour={s.colour} /> : t('scheduling.grid.rest');
      },
    })),
  ];

  return (
    <div className="member-grid" data-testid="member-grid">
      <Space wrap className="member-grid__toolbar">
        <Select
          style={{ minWidth: 200 }}
          placeholder={t('scheduling.grid.chooseGroup')}
          value={current ?? undefined}
          loading={groups.isLoading}
          options={(groups.data ?? []).map((g) => ({
            value: g.id,
            label: g.workshopName ? `${g.name}（${g.workshopName}）` : g.name,
          }))}
          onChange={setGroupId}
          data-testid="grid-workgroup"
        />
        <DatePicker
          picker="month"
          allowClear={false}
          value={month}
          onChange={(v) => v && setMonth(v.startOf('month'))}
          data-testid="grid-month"
        />
        {hasPermission('setUp:scheduling:add') && (
          <Button
            type="primary"
            icon={<CalendarOutlined />}
            disabled={current === null}
            onClick={() => setApplying(true)}
            data-testid="grid-apply"
          >
            {t('scheduling.apply.open')}
          </Button>
        )}
      </Space>
      <Table<Member>
        rowKey="userId"
        size="small"
        bordered
        loading={grid.isFetching}
        dataSource={grid.data?.members ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('scheduling.grid.noMembers')} /> }}
        data-testid="member-grid-table"
      />
      {applying && current !== null && (
        <ApplyCycleDialog
          workgroupId={current}
          month={month}
          onClose={() => setApplying(false)}
          onApplied={() => {
            setApplying(false);
            void queryClient.invalidateQueries({ queryKey: GRID_KEY });
          }}
        />
      )}
    </div>
  );
}
