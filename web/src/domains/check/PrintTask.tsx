import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Spin } from 'antd';
import dayjs from 'dayjs';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type Envelope, http } from '../../platform/http/client';
import type { Row } from '../../resources/types';
import { TemplatePrint } from '../print/TemplatePrint';
import type { PrintKind } from '../print/types';
import { useTask } from './api';
import './check.css';

/** The template kind of each kind of task (1 patrol, 2 check, 3 maintenance). */
const SHEET_KIND: Record<number, PrintKind> = { 1: 'patrolSheet', 2: 'checkSheet', 3: 'maintainSheet' };

/**
 * /checktemplate, /inspecttemplate, /bytemplate ?id=: a task on A4 from the browser, with the machine's QR code
 * (scanned to open its tasks); a task not yet done prints as a blank checklist to fill in by hand.
 */
export default function PrintTask() {
  const { t } = useTranslation('check');
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const { data: task, isLoading } = useTask(id);
  const machineId = task?.equipmentId ? Number(task.equipmentId) : null;
  const machine = useQuery({
    queryKey: ['resource-row', 'equipment', machineId, 'print'],
    enabled: !!machineId,
    retry: false,
    queryFn: async () => (await http.get<Envelope<Row>>('/api-manage/equipment/get', { id: machineId! })).data,
  });
  const [qr, setQr] = useState<string>('');
  const code = String(machine.data?.code ?? task?.equipmentName ?? '');
  useEffect(() => {
    if (code) void QRCode.toDataURL(code, { margin: 1, width: 96 }).then(setQr);
  }, [code]);
  if (!id) return <Empty />;
  if (isLoading || !task) return <Spin />;
  const filled = task.state === 'done';
  return (
    <TemplatePrint kind={SHEET_KIND[Number(task.kind)] ?? 'checkSheet'} sources={[{ row: task as Row, scan: code }]}>
      <div className="check-print" data-testid="check-print">
        <div className="check-print-actions">
          <Button type="primary" onClick={() => window.print()}>
            {t('task.print')}
          </Button>
        </div>
        <div className="check-print-head">
          <div>
            <h2>
              {String(task.kindName ?? '')} {String(task.code ?? '')}
            </h2>
            <div>
              {task.lineId ? t('route.route') : t('task.machine')}: {String(task.equipmentName ?? task.lineName ?? '')}
            </div>
            <div>
              {t('task.due')}: {dayjs(String(task.dueAt)).format('YYYY-MM-DD HH:mm')}
            </div>
            <div>
              {t('task.assignee')}: {String(task.assigneeName ?? '')}
            </div>
          </div>
          {qr && <img src={qr} alt="" width={96} height={96} />}
        </div>
        <table>
          <thead>
            <tr>
              <th>#</th>
              <th>{t('print.item')}</th>
              <th>{t('print.standard')}</th>
              <th>{t('print.answer')}</th>
              <th>{t('print.note')}</th>
            </tr>
          </thead>
          <tbody>
            {task.details.map((d, i) => (
              <tr key={String(d.id)}>
                <td>{i + 1}</td>
                <td>
                  {task.lineId ? `${String(d.equipmentName ?? '')} · ` : ''}
                  {String(d.name)}
                  {d.part ? ` (${String(d.part)})` : ''}
                </td>
                <td>
                  {[
                    d.standard,
                    d.lowerLimit != null || d.upperLimit != null
                      ? `${d.lowerLimit ?? ''}~${d.upperLimit ?? ''} ${d.unit ?? ''}`
                      : null,
                  ]
                    .filter(Boolean)
                    .map(String)
                    .join(' ')}
                </td>
                <td style={{ color: filled && d.abnormal ? '#cf1322' : undefined }}>
                  {filled ? String(d.result ?? '') : ''}
                </td>
                <td>{filled ? String(d.note ?? '') : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          {t('print.signature')}: ______________{' '}
          {filled && task.finishedAt ? dayjs(String(task.finishedAt)).format('YYYY-MM-DD HH:mm') : ''}
        </p>
      </div>
    </TemplatePrint>
  );
}
