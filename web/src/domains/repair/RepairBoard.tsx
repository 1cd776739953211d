import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Spin, Statistic, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Envelope, http } from '../../platform/http/client';
import type { FieldMeta } from '../../resources/types';
import { BASE, ENTITY } from './api';

/** The open states the board counts, in the order of an order's life. */
const OPEN = ['reported', 'dispatched', 'accepted', 'repairing', 'paused'] as const;

interface WorkshopCount {
  workshopId: number | null;
  workshopName: string | null;
  states: Record<string, number>;
  total: number;
  overdue: number;
  stopped: number;
}

/** The board: open orders per workshop by state; under the list's key, so an order's push refreshes it. */
export function RepairBoard({ field }: { field: FieldMeta | undefined }) {
  const { t } = useTranslation('repair');
  const board = useQuery({
    queryKey: ['resource-page', ENTITY, 'board'],
    queryFn: async () => (await http.get<Envelope<WorkshopCount[]>>(`${BASE}/board`)).data,
    staleTime: 0,
  });
  const label = (state: string) => field?.options?.find((o) => o.value === state)?.label ?? state;
  if (board.isLoading) return <Spin className="resource-loading" />;
  const rows = board.data ?? [];
  if (rows.length === 0) return <Empty description={t('board.empty')} data-testid="repair-board" />;
  return (
    <Row gutter={[16, 16]} data-testid="repair-board">
      {rows.map((w) => (
        <Col key={String(w.workshopId ?? 0)} xs={24} md={12} xl={8}>
          <Card
            size="small"
            title={w.workshopName ?? t('board.noWorkshop')}
            data-testid="repair-board-workshop"
            data-total={w.total}
            extra={
              <>
                {w.overdue > 0 && <Tag color="error">{t('board.overdue', { n: w.overdue })}</Tag>}
                {w.stopped > 0 && <Tag color="warning">{t('board.stopped', { n: w.stopped })}</Tag>}
              </>
            }
          >
            <div className="repair-board-states">
              <Statistic title={t('board.total')} value={w.total} />
              {OPEN.map((s) => (
                <Statistic key={s} title={label(s)} value={w.states[s] ?? 0} />
              ))}
            </div>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
