import { useQuery } from '@tanstack/react-query';
import { Empty, Result, Spin, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { HttpError } from '../../platform/http/client';
import { boardSocketUrl, connectSocket } from '../../platform/realtime/socket';
import { LanguageSwitch } from '../../platform/ui/LanguageSwitch';
import { type BoardOrder, fetchBoardView } from './board-api';
import './boards.css';

/**
 * A board reads itself again when its socket hears that an order moved; this slower poll only keeps the waiting
 * times and a lost connection's board current.
 */
export const BOARD_REFRESH_MS = 60_000;

const waiting = (minutes: number, t: TFunction) =>
  minutes >= 60
    ? t('board.hours', { h: Math.floor(minutes / 60), m: minutes % 60 })
    : t('board.minutes', { m: minutes });

function OrderCard({ o }: { o: BoardOrder }) {
  const { t } = useTranslation('reports');
  return (
    <div className={`kb-order${o.overdue ? ' is-overdue' : ''}`} data-testid="kb-order" data-code={o.code}>
      <div className="kb-order__head">
        <b>{o.equipmentCode}</b> {o.equipmentName}
      </div>
      <div className="kb-order__text">{o.phenomenon}</div>
      <div className="kb-order__meta">
        {o.stopped && <Tag color="error">{t('board.stopped')}</Tag>}
        {o.overdue && <Tag color="warning">{t('board.overdue')}</Tag>}
        <span>{waiting(o.waitingMinutes, t)}</span>
        {o.assigneeName && <span> · {o.assigneeName}</span>}
      </div>
    </div>
  );
}

/** /details?token=: one board full screen for a TV, without a session; it refreshes itself. */
export default function BoardPage() {
  const { t } = useTranslation('reports');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const view = useQuery({
    queryKey: ['kanban', token],
    queryFn: () => fetchBoardView(token),
    enabled: !!token,
    refetchInterval: BOARD_REFRESH_MS,
    retry: false,
  });
  const { refetch } = view;
  useEffect(() => {
    if (!token) return;
    return connectSocket(
      () => boardSocketUrl(token),
      (msg) => {
        if (msg.type === 'record') void refetch();
      },
    );
  }, [token, refetch]);
  if (!token || (view.error instanceof HttpError && view.error.status === 404))
    return <Result status="404" title={t('board.unknown')} data-testid="kb-unknown" />;
  if (view.isLoading || !view.data) return <Spin className="resource-loading" />;
  const v = view.data;
  return (
    <div className="kb-screen" data-testid="kb-board" data-kind={v.board.kind}>
      <header className="kb-screen__head">
        <h1>{v.board.name}</h1>
        <span>{v.board.workshopName ?? t('board.allWorkshops')}</span>
        <span className="kb-screen__at">{new Date(v.at).toLocaleTimeString()}</span>
        <LanguageSwitch />
      </header>
      {v.orders && v.states && (
        <div className="kb-columns">
          {v.states.map((s) => {
            const list = v.orders!.filter((o) => o.state === s);
            return (
              <section key={s} className="kb-column" data-testid={`kb-column-${s}`} data-count={list.length}>
                <h2>
                  {t(`board.states.${s}`)} <span className="kb-count">{list.length}</span>
                </h2>
                {list.map((o) => (
                  <OrderCard key={o.id} o={o} />
                ))}
              </section>
            );
          })}
        </div>
      )}
      {v.machines &&
        (v.machines.length === 0 ? (
          <Empty />
        ) : (
          <div className="kb-wall">
            {v.machines.map((m) => (
              <div key={m.id} className={`kb-machine is-${m.status}`} data-testid="kb-machine">
                <b>{m.code}</b>
                <span>{m.name}</span>
                <span className="kb-machine__status">
                  {m.statusName}
                  {m.openOrder ? ' ⚠' : ''}
                </span>
              </div>
            ))}
          </div>
        ))}
    </div>
  );
}
