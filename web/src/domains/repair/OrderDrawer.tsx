import { PrinterOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { RecordDrawer } from '../../resources/RecordDrawer';
import type { EntityMeta, Row, WorkflowAction } from '../../resources/types';
import type { ActionTuning } from '../../resources/WorkflowActions';
import { AssigneeSelect } from './AssigneeSelect';
import { ENTITY, printPath } from './api';
import { OrderExperience } from './OrderExperience';
import { OrderLines } from './OrderLines';

interface Props {
  meta: EntityMeta;
  id: number;
  onClose: () => void;
}

/** One repair order: the generic record drawer (buttons, fields, timeline) with its lines and experience. */
export function OrderDrawer({ meta, id, onClose }: Props) {
  const { t } = useTranslation('repair');
  const queryClient = useQueryClient();

  // A line changes the order's sums: the order (with its timeline) and the lists are read again.
  const reload = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['resource-row', ENTITY, id] }),
      queryClient.invalidateQueries({ queryKey: ['resource-page', ENTITY] }),
    ]);
  };

  // Parts, labour and outside repair: recorded here and before finishing, no longer behind the list's expander.
  const lines = (order: Row) => <OrderLines row={order} entries={meta.children} onChanged={reload} />;

  // A dispatch starts from the order's assignee and work group, picked from who is on shift; a finish shows the lines.
  const tune =
    (order: Row) =>
    (a: WorkflowAction): ActionTuning | undefined => {
      if (a.name === 'dispatch')
        return {
          dialog: {
            start: order,
            input: (f) => (f.name === 'assigneeId' ? <AssigneeSelect field={f} orderId={order.id} /> : undefined),
          },
        };
      if (a.name === 'finish') return { dialog: { extra: lines(order) } };
      return undefined;
    };

  return (
    <RecordDrawer
      meta={meta}
      id={id}
      onClose={onClose}
      testId="repair"
      title={(row) => `${String(row.code ?? '')} ${String(row.phenomenon ?? '')}`.trim() || t('drawer.title')}
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
      tune={tune}
      body={(row) => (
        <Card type="inner" size="small" title={t('drawer.lines')} style={{ marginTop: 16 }}>
          {lines(row)}
        </Card>
      )}
      after={(row) => <OrderExperience row={row} />}
    />
  );
}
