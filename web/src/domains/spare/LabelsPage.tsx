import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Spin } from 'antd';
import QRCode from 'qrcode';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type Envelope, http } from '../../platform/http/client';
import type { Row } from '../../resources/types';
import { TemplatePrint } from '../print/TemplatePrint';
import { fetchBins, partQr } from './api';
import './spare.css';

const MAX_LABELS = 200;

const idsOf = (raw: string | null): number[] =>
  [...new Set((raw ?? '').split(',').map(Number))].filter((n) => Number.isSafeInteger(n) && n > 0).slice(0, MAX_LABELS);

interface Label {
  key: string;
  code: string;
  lines: string[];
  qr: string;
  /** The record a template prints, and its QR code's content. */
  row: Row;
  scan: string;
}

const qrOf = (text: string) => QRCode.toDataURL(text, { margin: 1, width: 200 });

async function partLabels(ids: number[]): Promise<Label[]> {
  return Promise.all(
    ids.map(async (id) => {
      const row = (await http.get<Envelope<Row>>('/api-manage/spareparts/get', { id })).data;
      const code = String(row.code);
      return {
        key: `p${id}`,
        code,
        lines: [String(row.name), String(row.specification ?? '')],
        qr: await qrOf(partQr(code)),
        row,
        scan: partQr(code),
      };
    }),
  );
}

async function binLabels(warehouseId: number): Promise<Label[]> {
  const bins = (await fetchBins(warehouseId)).slice(0, MAX_LABELS);
  return Promise.all(
    bins.map(async (b) => ({
      key: `b${b.value}`,
      code: b.code,
      lines: [b.label],
      qr: await qrOf(`BIN:${b.code}`),
      row: { id: b.value, code: b.code, name: b.label },
      scan: `BIN:${b.code}`,
    })),
  );
}

/**
 * /spare/labels?ids= (parts) or ?warehouseId= (its bins): printable labels whose QR a document's or a stocktake's
 * scan box takes (SP:<part code>, BIN:<bin code>).
 */
export default function LabelsPage() {
  const { t } = useTranslation('spare');
  const [params] = useSearchParams();
  const ids = idsOf(params.get('ids'));
  const warehouseId = Number(params.get('warehouseId')) || 0;
  const { data, isLoading } = useQuery({
    queryKey: ['spare-labels', ids.join(','), warehouseId],
    queryFn: () => (warehouseId ? binLabels(warehouseId) : partLabels(ids)),
    enabled: ids.length > 0 || warehouseId > 0,
  });
  if (!ids.length && !warehouseId) return <Empty description={t('labels.none')} />;
  if (isLoading || !data) return <Spin className="resource-loading" />;
  return (
    <TemplatePrint
      kind={warehouseId ? 'binLabel' : 'spareLabel'}
      sources={data.map((l) => ({ row: l.row, scan: l.scan }))}
    >
      <div className="qr-sheet-page">
        <div className="spare-label-toolbar qr-toolbar">
          <span>{t('labels.count', { count: data.length })}</span>
          <Button type="primary" onClick={() => window.print()} data-testid="spare-labels-print">
            {t('labels.print')}
          </Button>
        </div>
        <div className="spare-label-sheet">
          {data.map((l) => (
            <div className="spare-label" key={l.key}>
              <img src={l.qr} alt={l.code} />
              <div className="spare-label-text">
                <strong>{l.code}</strong>
                {l.lines.map((x) => (
                  <div key={x}>{x}</div>
                ))}
              </div>
            </div>
          ))}
        </div>
      </div>
    </TemplatePrint>
  );
}
