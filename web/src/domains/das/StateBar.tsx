import { Empty, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { type Interval, RUN_STATES, STATE_COLORS } from './api';

/** The machine's states over a period as one bar (running green, idle amber, stopped grey, fault red, offline light). */
export function StateBar({ intervals, from, to }: { intervals: Interval[]; from: string; to: string }) {
  const { t } = useTranslation('das');
  const start = dayjs(from).valueOf();
  const span = Math.max(1, dayjs(to).valueOf() - start);
  if (intervals.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('states.none')} />;
  const total = (s: string) =>
    intervals.filter((i) => i.state === s).reduce((n, i) => n + dayjs(i.to).diff(dayjs(i.from)), 0);
  return (
    <div data-testid="state-bar">
      <div className="das-state-bar">
        {intervals.map((i) => {
          const left = ((dayjs(i.from).valueOf() - start) / span) * 100;
          const width = (dayjs(i.to).diff(dayjs(i.from)) / span) * 100;
          return (
            <Tooltip
              key={i.from}
              title={`${t(`states.${i.state}`)}: ${dayjs(i.from).format('MM-DD HH:mm:ss')} – ${dayjs(i.to).format('MM-DD HH:mm:ss')}`}
            >
              <span
                className="das-state-segment"
                data-state={i.state}
                style={{ left: `${left}%`, width: `${Math.max(width, 0.2)}%`, background: STATE_COLORS[i.state] }}
              />
            </Tooltip>
          );
        })}
      </div>
      <div className="das-state-legend">
        {RUN_STATES.map((s) => (
          <span key={s}>
            <i style={{ background: STATE_COLORS[s] }} />
            {t(`states.${s}`)} {Math.round(total(s) / 60_000)} {t('states.minutes')}
          </span>
        ))}
      </div>
    </div>
  );
}
