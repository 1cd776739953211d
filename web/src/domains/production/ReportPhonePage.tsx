import { ScanOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Form, Input, InputNumber, Modal, Progress, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../platform/ui/feedback';
import { useEntityMeta } from '../../resources/api';
import type { Row } from '../../resources/types';
import { report, type ScanResult, scan } from './api';
import './production.css';
import { validated } from '../../platform/ui/validated';

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(16).slice(2)}`;

interface ReportValues {
  goodQty: number;
  scrapQty?: number;
  scrapReason?: string;
  overReason?: string;
  remark?: string;
}

/** The report of one task: good and scrapped quantities, why scrapped, and why more than the order when it is. */
function ReportDialog({ task, onClose, onDone }: { task: Row; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('production');
  const { data: meta } = useEntityMeta('workreport');
  const [form] = Form.useForm<ReportValues>();
  // One key per dialog: a phone that sends the same report twice (a retry) counts it once.
  const [clientKey] = useState(newKey);
  const reasons = meta?.fields.find((f) => f.name === 'scrapReason')?.options ?? [];
  const submit = async () => {
    const values = await validated(form);
    if (!values) return;
    toast('success', await report({ planTaskId: task.id, clientKey, ...values }));
    onDone();
  };
  return (
    <Modal
      open
      title={`${task.orderCode} · ${task.procedureName}`}
      onCancel={onClose}
      onOk={() => submit().catch(() => undefined)}
      okButtonProps={{ id: 'report-ok' }}
    >
      <Form form={form} layout="vertical" initialValues={{ goodQty: 0, scrapQty: 0 }}>
        <Form.Item name="goodQty" label={t('report.good')} rules={[{ required: true }]}>
          <InputNumber min={0} max={1_000_000_000} className="production-full" inputMode="decimal" />
        </Form.Item>
        <Form.Item name="scrapQty" label={t('report.scrap')}>
          <InputNumber min={0} max={1_000_000_000} className="production-full" inputMode="decimal" />
        </Form.Item>
        <Form.Item name="scrapReason" label={t('report.scrapReason')}>
          <Select allowClear options={reasons.map((o) => ({ value: o.value, label: o.label }))} />
        </Form.Item>
        <Form.Item name="overReason" label={t('report.overReason')} extra={t('report.overHelp')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="remark" label={t('report.remark')}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * /production/report: the operator's phone page. The order's or the station's QR code is scanned (a scanner types
 * into the box) or typed; its open tasks show, and a tap reports good and scrapped quantities.
 */
export default function ReportPhonePage() {
  const { t } = useTranslation('production');
  const [found, setFound] = useState<ScanResult | null>(null);
  const [open, setOpen] = useState<Row | null>(null);
  const find = async (code: string) => {
    if (!code.trim()) return;
    setFound(await scan(code.trim()));
  };
  return (
    <div className="production-phone" data-testid="report-phone">
      <Typography.Paragraph>{t('report.intro')}</Typography.Paragraph>
      <Input.Search
        autoFocus
        allowClear
        enterButton={<ScanOutlined />}
        placeholder={t('report.scanPlaceholder')}
        onSearch={(v) => void find(v).catch(() => undefined)}
        data-testid="report-scan"
      />
      {found && found.tasks.length === 0 && <Empty description={t('report.nothingOpen', { code: found.code })} />}
      <Space direction="vertical" className="production-full production-cards">
        {found?.tasks.map((task) => {
          const pct = Math.round((Number(task.goodQty) * 100) / Math.max(Number(task.planQty), 1));
          return (
            <Card
              key={String(task.id)}
              size="small"
              hoverable
              onClick={() => setOpen(task)}
              data-testid="report-task"
              title={`${task.orderCode} · ${task.seq}. ${task.procedureName}`}
              extra={task.stationName ? <Tag>{String(task.stationName)}</Tag> : null}
            >
              <div>{`${task.materialCode} ${task.materialName}`}</div>
              <div>{t('report.done', { good: task.goodQty, scrap: task.scrapQty, plan: task.planQty })}</div>
              <Progress percent={Math.min(100, pct)} size="small" />
              <Button type="primary" block>
                {t('report.action')}
              </Button>
            </Card>
          );
        })}
      </Space>
      {open && (
        <ReportDialog
          task={open}
          onClose={() => setOpen(null)}
          onDone={() => {
            setOpen(null);
            if (found) void find(found.code).catch(() => undefined);
          }}
        />
      )}
    </div>
  );
}
