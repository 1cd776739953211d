import { PrinterOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Drawer, Empty, Grid, Spin, Timeline } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import { displayValue } from '../../resources/display';
import type { EntityMeta, Row } from '../../resources/types';
import { rowValue } from '../../resources/values';
import { ENTITY, printPath, stepsKey, useOrder, useTimeline } from './api';
import { OrderActions } from './OrderActions';
import { OrderExperience } from './OrderExperience';

interface Props {
  meta: EntityMeta;
  id: number;
  onClose: () => void;
}

const shown = (meta: EntityMeta, row: Row) =>
  meta.fields.filter((f) => {
    if (f.type === 'json' || f.type === 'attachments') return false;
    const v = rowValue(row, f);
    return v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0);
  });

/** One repair order: its fields, its timeline, and the buttons of what the user may do to it now. */
export function OrderDrawer({ meta, id, onClose }: Props) {
  const { t } = useTranslation('repair');
  const { t: tr } = useTranslation('resources');
  const queryClient = useQueryClient();
  const me = useSession().user?.id;
  const wide = Grid.useBreakpoint().md !== false;
  const workflow = meta.workflow!;
  const order = useOrder(id);
  const timeline = useTimeline(workflow.stepsUrl, id);
  const row = order.data;

  const reload = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['resource-row', ENTITY, id] }),
      queryClient.invalidateQueries({ queryKey: stepsKey(id) }),
      queryClient.invalidateQueries({ queryKey: ['resource-page', ENTITY] }),
    ]);
  };

  return (
    <Drawer
      open
      size={wide ? 720 : '100%'}
      title={row ? `${String(row.code ?? '')} ${String(row.phenomenon ?? '')}`.trim() : t('drawer.title')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Button
          icon={<PrinterOutlined />}
          href={printPath(id)}
          target="_blank"
          rel="noopener"
          data-testid="repair-print"
        >
          {t('print.print')}
        </Button>
      }
      data-testid="repair-drawer"
      data-state={row ? String(row[workflow.stateField] ?? '') : ''}
    >
      <Spin spinning={order.isFetching && !row}>
        {row ? (
          <>
            <OrderActions
              workflow={workflow}
              row={row}
              approval={timeline.data?.approval ?? null}
              me={me === undefined || me === null ? null : Number(me)}
              onDone={reload}
            />
            <Descriptions column={{ xs: 1, md: 2 }} bordered size="small" data-testid="repair-fields">
              {shown(meta, row).map((f) => (
                <Descriptions.Item key={f.name} label={f.label}>
                  <span data-testid={`repair-field-${f.name}`}>{displayValue(f, row, tr)}</span>
                </Descriptions.Item>
              ))}
            </Descriptions>
            <Card type="inner" size="small" title={t('drawer.timeline')} style={{ marginTop: 16 }}>
              <Spin spinning={timeline.isFetching && !timeline.data}>
                <Timeline
                  data-testid="repair-timeline"
                  items={(timeline.data?.steps ?? []).map((s) => ({
                    key: String(s.id),
                    children: (
                      <div data-action={s.action}>
                        <strong>{s.actionName}</strong>
                        {s.toStateName && ` → ${s.toStateName}`}
                        <div className="repair-step-meta">
                          {s.userName ?? t('drawer.system')} · {dayjs(s.createdAt).format('YYYY-MM-DD HH:mm')}
                        </div>
                        {s.comment && <div>{s.comment}</div>}
                      </div>
                    ),
                  }))}
                />
              </Spin>
            </Card>
            <OrderExperience row={row} />
          </>
        ) : (
          !order.isFetching && <Empty />
        )}
      </Spin>
    </Drawer>
  );
}
