import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Segmented, Spin } from 'antd';
import QRCode from 'qrcode';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { hasPermission } from '../../app/session';
import { type Envelope, http } from '../../platform/http/client';
import { useEntityMeta } from '../../resources/api';
import type { Row } from '../../resources/types';
import { TemplatePrint } from '../print/TemplatePrint';
import { absolute, fetchReportLink, REPORT_LINK_PERMISSION } from './report-link';
import { detailPath } from './route-type';
import './print-labels.css';

/** At most this many labels per sheet request. */
const MAX_LABELS = 200;

interface Label {
  row: Row;
  qr: string;
  scan: string;
}

/** The machine ids of ?ids=1,2,3 (positive integers only). */
export const idsOf = (raw: string | null): number[] =>
  [...new Set((raw ?? '').split(',').map(Number))].filter((n) => Number.isSafeInteger(n) && n > 0).slice(0, MAX_LABELS);

/**
 * /printQRcode?ids=: printable labels whose QR opens the machine's record card (through login when needed), or
 * with &kind=report the machine's public breakdown report page (its link is made when it has none).
 */
export default function PrintQRCode() {
  const { t } = useTranslation('equipment');
  const [params, setParams] = useSearchParams();
  const ids = idsOf(params.get('ids'));
  const canReport = hasPermission(REPORT_LINK_PERMISSION);
  const kind = canReport && params.get('kind') === 'report' ? 'report' : 'record';
  const { data: meta } = useEntityMeta('equipment');
  const { data: labels, isLoading } = useQuery({
    queryKey: ['qr-labels', ids.join(','), kind],
    queryFn: () =>
      Promise.all(
        ids.map(async (id): Promise<Label> => {
          const row = (await http.get<Envelope<Row>>('/api-manage/equipment/get', { id })).data;
          const target = kind === 'report' ? absolute((await fetchReportLink(id)).url) : absolute(detailPath(id));
          const qr = await QRCode.toDataURL(target, { margin: 1, width: 240 });
          return { row, qr, scan: target };
        }),
      ),
    enabled: ids.length > 0,
  });
  const label = (name: string) => meta?.fields.find((f) => f.name === name)?.label ?? name;
  if (ids.length === 0) return <Empty description={t('print.none')} />;
  if (isLoading || !labels || !meta) return <Spin className="resource-loading" />;
  return (
    <TemplatePrint kind="equipmentLabel" sources={labels.map((l) => ({ row: l.row, scan: l.scan }))}>
      <div className="qr-sheet-page">
        <div className="qr-toolbar">
          <span>{t('print.count', { count: labels.length })}</span>
          {canReport && (
            <Segmented
              value={kind}
              onChange={(v) =>
                setParams((p) => {
                  const next = new URLSearchParams(p);
                  next.set('kind', String(v));
                  return next;
                })
              }
              options={[
                { value: 'record', label: t('print.kindRecord') },
                { value: 'report', label: <span data-testid="qr-kind-report">{t('print.kindReport')}</span> },
              ]}
            />
          )}
          <Button type="primary" onClick={() => window.print()} data-testid="qr-print">
            {t('print.print')}
          </Button>
        </div>
        <div className="qr-sheet">
          {labels.map(({ row, qr }) => (
            <div className="qr-label" key={row.id} data-testid="qr-label">
              <img src={qr} alt={String(row.code)} />
              <dl>
                <dt>{label('code')}</dt>
                <dd>{String(row.code)}</dd>
                <dt>{label('name')}</dt>
                <dd>{String(row.name)}</dd>
                <dt>{label('model')}</dt>
                <dd>{String(row.model ?? '')}</dd>
                <dt>{label('workshopId')}</dt>
                <dd>{String(row.workshopName ?? '')}</dd>
              </dl>
            </div>
          ))}
        </div>
      </div>
    </TemplatePrint>
  );
}
