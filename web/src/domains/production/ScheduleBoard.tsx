import { useQuery } from '@tanstack/react-query';
import { Alert, DatePicker, Empty, Space, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { toast } from '../../platform/ui/feedback';
import { type BoardSpan, moveTask, scheduleBoard } from './api';
import { BoardDrag, type HitTest } from './board-drag';

/** Pixels per minute of the day (a day is 1,440 px wide; the board scrolls sideways on a phone). */
const PX = 1;
/** A drop snaps to this many minutes. */
const SNAP = 15;
const MIN = 60_000;
const MOVABLE = new Set(['waiting', 'scheduled']);

const left = (t: string, t0: number) => Math.max(0, (Date.parse(t) - t0) / MIN) * PX;
const width = (s: BoardSpan, t0: number, t1: number) =>
  Math.max(2, (Math.min(Date.parse(s.end), t1) - Math.max(Date.parse(s.start), t0)) / MIN) * PX;

/** A dragged bar near the board's edge scrolls it this far per move (a phone shows a few hours of the day). */
const EDGE = 32;
const EDGE_STEP = 16;

/** The station track under a point of the screen (the dragged bar itself lies above it). */
const trackAt: HitTest = (x, y) => {
  for (const el of document.elementsFromPoint(x, y)) {
    const track = el.closest<HTMLElement>('[data-station-id]');
    if (track) return { stationId: Number(track.dataset.stationId), left: track.getBoundingClientRect().left };
  }
  return null;
};

/**
 * The schedule board of a day (/production/planTask, second tab): a row per station with its shifts (light) and its
 * machine's repairs (red), the planned tasks as bars; a planner drags a bar (mouse, pen or finger: pointer events,
 * board-drag.ts) to another station or time, and the server places it there or says why not (outside the shifts,
 * machine under repair, station taken). On a phone a finger on a bar moves it, elsewhere it scrolls the board.
 */
export default function ScheduleBoard() {
  const { t } = useTranslation('production');
  const [day, setDay] = useState<Dayjs>(dayjs());
  const mayMove = hasPermission('production:planTask:schedule');
  const q = useQuery({
    queryKey: ['schedule-board', day.format('YYYY-MM-DD')],
    queryFn: () => scheduleBoard(day.format('YYYY-MM-DD')),
  });
  const drag = useRef(new BoardDrag(trackAt)).current;
  const boardRef = useRef<HTMLDivElement>(null);
  const scrollAtDown = useRef(0);
  const [dragged, setDragged] = useState<{ taskId: number; dx: number; dy: number } | null>(null);
  const board = q.data;
  const t0 = board ? Date.parse(board.start) : 0;
  const t1 = board ? Date.parse(board.end) : 0;

  const onDown = (e: PointerEvent<HTMLDivElement>, taskId: number) => {
    drag.down(e, taskId, e.currentTarget.getBoundingClientRect().left);
    scrollAtDown.current = boardRef.current?.scrollLeft ?? 0;
    // The bar keeps the pointer while it is held, wherever the finger goes.
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    const moved = drag.move(e);
    if (!moved) return;
    e.preventDefault();
    const el = boardRef.current;
    if (el) {
      const r = el.getBoundingClientRect();
      if (e.clientX > r.right - EDGE) el.scrollLeft += EDGE_STEP;
      else if (e.clientX < r.left + EDGE) el.scrollLeft -= EDGE_STEP;
    }
    setDragged({ ...moved, dx: moved.dx + (el?.scrollLeft ?? 0) - scrollAtDown.current });
  };
  const onUp = async (e: PointerEvent<HTMLDivElement>) => {
    const move = drag.up(e, { t0, px: PX, snap: SNAP });
    setDragged(null);
    if (!move) return;
    try {
      toast('success', await moveTask(move));
    } finally {
      await q.refetch();
    }
  };
  const onCancel = (e: PointerEvent<HTMLDivElement>) => {
    drag.cancel(e);
    setDragged(null);
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
        <div className="production-board" data-testid="schedule-board" ref={boardRef}>
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
                data-station-id={s.id}
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
                    const moving = dragged?.taskId === x.id ? dragged : null;
                    return (
                      <div
                        key={x.id}
                        className={`production-board__task${movable ? ' production-board__task--movable' : ''}${moving ? ' production-board__task--dragging' : ''}`}
                        style={{
                          left: left(x.planStart, t0),
                          width: width({ start: x.planStart, end: x.planEnd }, t0, t1),
                          ...(moving ? { transform: `translate(${moving.dx}px, ${moving.dy}px)` } : {}),
                        }}
                        title={`${x.orderCode} · ${x.procedureName} · ${dayjs(x.planStart).format('HH:mm')}–${dayjs(x.planEnd).format('HH:mm')}`}
                        {...(movable
                          ? {
                              onPointerDown: (e: PointerEvent<HTMLDivElement>) => onDown(e, x.id),
                              onPointerMove: onMove,
                              onPointerUp: (e: PointerEvent<HTMLDivElement>) => void onUp(e).catch(() => {}),
                              onPointerCancel: onCancel,
                            }
                          : {})}
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
