import { useQuery } from '@tanstack/react-query';
import { Alert, DatePicker, Empty, Space, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type DragEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { toast } from '../../platform/ui/feedback';
import { type BoardSpan, type BoardTask, moveTask, scheduleBoard } from './api';

/** Pixels per minute of the day (a day is 1,440 px wide; the board scrolls sideways on a phone). */
const PX = 1;
/** A drop snaps to this many minutes. */
const SNAP = 15;
const MIN = 60_000;
const MOVABLE = new Set(['waiting', 'scheduled']);

const left = (t: string, t0: number) => Math.max(0, (Date.parse(t) - t0) / MIN) * PX;
const width = (s: BoardSpan, t0: number, t1: number) =>
  Math.max(2, (Math.min(Date.parse(s.end), t1) - Math.max(Date.parse(s.start), t0)) / MIN) * PX;

/**
 * The schedule board of a day (/production/planTask, second tab): a row per station with its shifts (light) and its
 * machine's repairs (red), the planned tasks as bars; a planner drags a bar to another station or time, and the
 * server places it there or says why not (outside the shifts, machine under repair, station taken).
 */
export default function ScheduleBoard() {
  const { t } = useTranslation('production');
  const [day, setDay] = useState<Dayjs>(dayjs());
  const mayMove = hasPermission('production:planTask:schedule');
  const q = useQuery({
    queryKey: ['schedule-board', day.format('YYYY-MM-DD')],
    queryFn: () => scheduleBoard(day.format('YYYY-MM-DD')),
  });
  const [grab, setGrab] = useState<{ task: BoardTask; offset: number } | null>(null);
  const board = q.data;
  const t0 = board ? Date.parse(board.start) : 0;
  const t1 = board ? Date.parse(board.end) : 0;

  const drop = async (e: DragEvent<HTMLDivElement>, stationId: number) => {
    e.preventDefault();
    if (!grab) return;
    const rect = e.currentTarget.getBoundingClientRect();
    const minutes = Math.round((e.clientX - rect.left - grab.offset) / PX / SNAP) * SNAP;
    const start = new Date(t0 + Math.max(0, minutes) * MIN).toISOString();
    setGrab(null);
    try {
      toast('success', await moveTask({ id: grab.task.id, stationId, start }));
    } finally {
      await q.refetch();
    }
  };

  return (
    <>
      <Space className="production-bar" wrap>
        <DatePicker value={day} allowClear={false} onChange={(d) => d && setDay(d)} data-testid="board-day" />
        <Typography.Text type="secondary">{t('board.help')}</Typography.Text>
      </Space>
      {q.isLoading || !board ? (
        <Spin />
      ) : board.stations.length === 0 ? (
        <Empty description={t('board.noStations')} />
      ) : (
        <div className="production-board" data-testid="schedule-board">
          <div className="production-board__hours" style={{ width: ((t1 - t0) / MIN) * PX }}>
            {Array.from({ length: Math.round((t1 - t0) / (60 * MIN)) }, (_, h) => String(h).padStart(2, '0')).map(
              (label) => (
                <span key={label} style={{ left: Number(label) * 60 * PX }}>
                  {label}
                </span>
              ),
            )}
          </div>
          {board.stations.map((s) => (
            <div key={s.id} className="production-board__row">
              <div className="production-board__name" title={s.name}>
                {s.code}
              </div>
              <div
                className="production-board__track"
                style={{ width: ((t1 - t0) / MIN) * PX }}
                onDragOver={(e) => mayMove && e.preventDefault()}
                onDrop={(e) => void drop(e, s.id).catch(() => {})}
                data-testid={`board-station-${s.id}`}
              >
                {s.windows.map((w) => (
                  <div
                    key={w.start}
                    className="production-board__shift"
                    style={{ left: left(w.start, t0), width: width(w, t0, t1) }}
                  />
                ))}
                {s.repairs.map((r) => (
                  <div
                    key={r.start}
                    className="production-board__repair"
                    title={t('board.repair')}
                    style={{ left: left(r.start, t0), width: width(r, t0, t1) }}
                  />
                ))}
                {board.tasks
                  .filter((x) => x.stationId === s.id)
                  .map((x) => {
                    const movable = mayMove && MOVABLE.has(x.state);
                    return (
                      <div
                        key={x.id}
                        className={`production-board__task${movable ? ' production-board__task--movable' : ''}`}
                        style={{
                          left: left(x.planStart, t0),
                          width: width({ start: x.planStart, end: x.planEnd }, t0, t1),
                        }}
                        title={`${x.orderCode} · ${x.procedureName} · ${dayjs(x.planStart).format('HH:mm')}–${dayjs(x.planEnd).format('HH:mm')}`}
                        draggable={movable}
                        onDragStart={(e) => {
                          const rect = e.currentTarget.getBoundingClientRect();
                          // Where the bar was taken: the drop lines its start up with the pointer less that.
                          setGrab({ task: x, offset: Math.min(e.clientX - rect.left, rect.width) });
                          e.dataTransfer.setData('text/plain', String(x.id));
                        }}
                        data-testid={`board-task-${x.id}`}
                      >
                        {x.orderCode}
                      </div>
                    );
                  })}
              </div>
            </div>
          ))}
        </div>
      )}
      {!mayMove && <Alert type="info" showIcon className="production-cards" title={t('board.readOnly')} />}
    </>
  );
}
