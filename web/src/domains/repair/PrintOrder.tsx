import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Spin } from 'antd';
import dayjs from 'dayjs';
import QRCode from 'qrcode';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useEntityMeta } from '../../resources/api';
import { displayValue } from '../../resources/display';
import type { EntityMeta, Row } from '../../resources/types';
import { TemplatePrint } from '../print/TemplatePrint';
import { ENTITY, orderLink, useOrder } from './api';
import './print-order.css';

const HEAD = [
  'code',
  'equipmentId',
  'workshopId',
  'lineId',
  'reporterId',
  'reportedAt',
  'urgency',
  'stopped',
  'state',
  'assigneeId',
  'faultReasonId',
  'finishedAt',
];
const COSTS = ['labourHours', 'labourCost', 'partsCost', 'externalCost', 'totalCost'];

function ChildTable({ meta, rows }: { meta: EntityMeta | undefined; rows: Row[] }) {
  const { t } = useTranslation('resources');
  if (!meta) return null;
  const cols = meta.fields.filter((f) => f.name !== 'orderId' && f.list !== false);
  return (
    <table className="print-table">
      <thead>
        <tr>
          {cols.map((f) => (
            <th key={f.name}>{f.label}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={cols.length}>—</td>
          </tr>
        ) : (
          rows.map((r) => (
            <tr key={r.id}>
              {cols.map((f) => (
                <td key={f.name}>{displayValue(f, r, t)}</td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

/** /repairtemplate?id=: one repair order as an A4 work sheet, with a QR code that opens it. */
export default function PrintOrder() {
  const { t } = useTranslation('repair');
  const { t: tr } = useTranslation('resources');
  const id = Number(useSearchParams()[0].get('id')) || 0;
  const { data: meta } = useEntityMeta(ENTITY);
  const { data: labourMeta } = useEntityMeta('repairlabour');
  const { data: partMeta } = useEntityMeta('repairpart');
  const order = useOrder(id);
  const qr = useQuery({
    queryKey: ['order-qr', id],
    queryFn: () => QRCode.toDataURL(`${window.location.origin}${orderLink(id)}`, { margin: 1, width: 200 }),
    enabled: id > 0,
  });
  if (!id) return <Empty />;
  if (order.isLoading || !meta) return <Spin className="resource-loading" />;
  const row = order.data;
  if (!row) return <Empty />;
  const field = (name: string) => meta.fields.find((f) => f.name === name);
  const cell = (name: string): ReactNode => {
    const f = field(name);
    return f ? displayValue(f, row, tr) : '';
  };
  const pairs = (names: string[]) =>
    names
      .filter((n) => field(n))
      .map((n) => (
        <div className="print-pair" key={n}>
          <span className="print-label">{field(n)!.label}</span>
          <span className="print-value" data-testid={`print-${n}`}>
            {cell(n)}
          </span>
        </div>
      ));
  return (
    <TemplatePrint kind="repairSheet" sources={[{ row, scan: `${window.location.origin}${orderLink(id)}` }]}>
      <div className="print-order-page">
        <div className="print-toolbar">
          <Button type="primary" onClick={() => window.print()} data-testid="print-order">
            {t('print.print')}
          </Button>
        </div>
        <article className="print-sheet" data-testid="print-sheet">
          <header className="print-header">
            <div>
              <h1>{t('print.title')}</h1>
              <div className="print-code">{String(row.code ?? '')}</div>
            </div>
            {qr.data && <img className="print-qr" src={qr.data} alt={String(row.code ?? '')} />}
          </header>
          <section className="print-grid">{pairs(HEAD)}</section>
          <section className="print-block">
            <h2>{field('phenomenon')?.label}</h2>
            <p>{String(row.phenomenon ?? '')}</p>
          </section>
          <section className="print-block">
            <h2>{field('remedy')?.label}</h2>
            <p>{String(row.remedy ?? '')}</p>
          </section>
          <section className="print-block">
            <h2>{labourMeta?.title}</h2>
            <ChildTable meta={labourMeta} rows={(row.labour as Row[] | undefined) ?? []} />
          </section>
          <section className="print-block">
            <h2>{partMeta?.title}</h2>
            <ChildTable meta={partMeta} rows={(row.parts as Row[] | undefined) ?? []} />
          </section>
          <section className="print-grid">{pairs(COSTS)}</section>
          <footer className="print-signatures">
            {(['repairer', 'checker', 'supervisor'] as const).map((s) => (
              <div className="print-signature" key={s}>
                <span>{t(`print.sign.${s}`)}</span>
                <span className="print-sign-line" />
                <span>{t('print.date')}</span>
                <span className="print-sign-line short" />
              </div>
            ))}
          </footer>
          <div className="print-foot">{t('print.printedAt', { at: dayjs().format('YYYY-MM-DD HH:mm') })}</div>
        </article>
      </div>
    </TemplatePrint>
  );
}
