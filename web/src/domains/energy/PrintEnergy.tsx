import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Spin } from 'antd';
import QRCode from 'qrcode';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type Envelope, http } from '../../platform/http/client';
import type { Row } from '../../resources/types';
import { TemplatePrint } from '../print/TemplatePrint';
import { fetchMeterByCode, readingLink } from './api';
import './energy.css';

const MAX = 100;

const idsOf = (raw: string | null): number[] =>
  [...new Set((raw ?? '').split(',').map(Number))].filter((n) => Number.isSafeInteger(n) && n > 0).slice(0, MAX);

interface Sheet {
  meter: Row;
  last: string | null;
  qr: string;
  scan: string;
}

/** The meters asked for (or the first hundred in use, by code), with their last reading and label QR. */
async function load(ids: number[]): Promise<Sheet[]> {
  const meters = ids.length
    ? await Promise.all(ids.map(async (id) => (await http.get<Envelope<Row>>('/api-manage/energys/get', { id })).data))
    : (await http.get<Envelope<Row[]>>('/api-manage/energys/page', { page: 1, limit: MAX, state: 1 })).data;
  return Promise.all(
    meters.map(async (meter) => {
      const code = String(meter.code);
      const found = await fetchMeterByCode(code).catch(() => null);
      return {
        meter,
        last: found?.lastValue ?? null,
        qr: await QRCode.toDataURL(readingLink(code), { margin: 1, width: 200 }),
        scan: readingLink(code),
      };
    }),
  );
}

/**
 * /printEnergy?mode=sheet|labels&ids=: the printable reading sheet of a round of meters (code, name, place, unit,
 * multiplier, last reading, and blank boxes for the reading, time and signature), or the meters' QR labels, which
 * open the phone reading page at the meter.
 */
export default function PrintEnergy() {
  const { t } = useTranslation('energy');
  const [params] = useSearchParams();
  const ids = idsOf(params.get('ids'));
  const labels = params.get('mode') === 'labels';
  const { data, isLoading } = useQuery({ queryKey: ['energy-print', ids.join(',')], queryFn: () => load(ids) });
  if (isLoading || !data) return <Spin className="resource-loading" />;
  if (!data.length) return <Empty description={t('print.none')} />;
  const place = (m: Row) =>
    [m.organizationName, m.workshopName, m.lineName, m.equipmentName].filter(Boolean).join(' / ');
  const sheet = (
    <div className="energy-print" data-testid="energy-print">
      <div className="energy-print-toolbar">
        <strong>{labels ? t('print.labelsTitle') : t('print.sheetTitle')}</strong>
        <Button type="primary" onClick={() => window.print()} data-testid="energy-print-now">
          {t('print.print')}
        </Button>
      </div>
      {labels ? (
        <div className="energy-labels">
          {data.map(({ meter, qr }) => (
            <div className="energy-label" key={meter.id}>
              <img src={qr} alt={String(meter.code)} />
              <div>
                <strong>{String(meter.code)}</strong>
                <div>{String(meter.name)}</div>
                <div>{place(meter)}</div>
              </div>
            </div>
          ))}
        </div>
      ) : (
        <table>
          <thead>
            <tr>
              <th>{t('print.code')}</th>
              <th>{t('print.name')}</th>
              <th>{t('print.place')}</th>
              <th>{t('print.unit')}</th>
              <th>{t('print.multiplier')}</th>
              <th>{t('print.last')}</th>
              <th>{t('print.reading')}</th>
              <th>{t('print.time')}</th>
              <th>{t('print.by')}</th>
            </tr>
          </thead>
          <tbody>
            {data.map(({ meter, last }) => (
              <tr key={meter.id}>
                <td>{String(meter.code)}</td>
                <td>{String(meter.name)}</td>
                <td>{place(meter)}</td>
                <td>{String(meter.unit ?? '')}</td>
                <td>{String(meter.multiplier ?? '')}</td>
                <td>{last ?? '—'}</td>
                <td className="blank" />
                <td className="blank" />
                <td className="blank" />
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
  if (!labels) return sheet;
  return (
    <TemplatePrint kind="meterLabel" sources={data.map((s) => ({ row: s.meter, scan: s.scan }))}>
      {sheet}
    </TemplatePrint>
  );
}
