import { ScanOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Modal, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { type Envelope, http } from '../../platform/http/client';
import { toast } from '../../platform/ui/feedback';
import { validated } from '../../platform/ui/validated';
import { useEntityMeta } from '../../resources/api';
import { RefSelect } from '../../resources/RefSelect';
import { ResourceListPage } from '../../resources/ResourceListPage';
import type { Row } from '../../resources/types';
import { WorkflowActions } from '../../resources/WorkflowActions';

const PLAN = 'inventoryplan';
const LINE = 'inventory';
const COUNT = 'equipment:ledger:count';

/** A new count: its name and the workshop whose machines are expected (none: every workshop). */
function NewCount({ onClose, onSaved }: { onClose: () => void; onSaved: (plan: Row) => void }) {
  const { t } = useTranslation('equipment');
  const { data: meta } = useEntityMeta(PLAN);
  const [form] = Form.useForm<{ name: string; workshopId?: number }>();
  const [busy, setBusy] = useState(false);
  const workshop = meta?.fields.find((f) => f.name === 'workshopId');
  const save = async () => {
    const values = await validated(form);
    if (!values) return;
    setBusy(true);
    try {
      const r = await http.post<Envelope<Row>>('/api-manage/inventoryplan/save', values);
      toast('success', r.msg ?? '');
      onSaved(r.data);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={t('count.new')} onCancel={onClose} onOk={save} confirmLoading={busy} data-testid="count-new">
      <Form form={form} layout="vertical">
        <Form.Item name="name" label={t('count.name')} rules={[{ required: true, message: t('count.nameRequired') }]}>
          <Input maxLength={100} data-testid="count-name" />
        </Form.Item>
        <Form.Item name="workshopId" label={workshop?.label} extra={t('count.allWorkshops')}>
          {workshop && <RefSelect field={workshop} />}
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Scanning labels into a count that is still open: the QR link, EQ:<code> or a typed code; Enter sends it. */
function ScanBox({ plan, onCounted }: { plan: Row; onCounted: () => void }) {
  const { t } = useTranslation('equipment');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async () => {
    if (!code.trim()) return;
    setBusy(true);
    try {
      const r = await http.post<Envelope<Row>>('/api-manage/inventoryplan/scan', { id: plan.id, code });
      toast(r.data.result === 'found' ? 'success' : 'warning', r.msg ?? '');
      setCode('');
      onCounted();
    } catch {
      // Shown by the client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space.Compact style={{ width: '100%', maxWidth: 520 }}>
      <Input
        autoFocus
        prefix={<ScanOutlined />}
        placeholder={t('count.scan')}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        onPressEnter={send}
        data-testid="count-scan"
      />
      <Button type="primary" loading={busy} onClick={send} data-testid="count-scan-send">
        {t('count.count')}
      </Button>
    </Space.Compact>
  );
}

/**
 * /equipment/inventory (opened from the ledger): equipment stocktakes. A count expects the ledger's machines
 * of a workshop; the counter scans their labels on a phone; closing it lists the missing ones beside the
 * machines found elsewhere and the labels the ledger does not know.
 */
export default function InventoryPage() {
  const { t } = useTranslation('equipment');
  const client = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<Row | null>(null);
  const linesRef = useRef<HTMLDivElement>(null);
  const openId = open?.id;
  // On a phone the count's lines sit below the list: bring the scan box into view when a count is opened.
  useEffect(() => {
    if (openId) linesRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [openId]);
  const refresh = () => client.invalidateQueries({ queryKey: ['resource-page'] });
  // Closing marks the machines not scanned as missing: the open count takes the answered plan, its lines are reread.
  const closed = (plan: Row | null) => {
    if (plan) setOpen((o) => (o && o.id === plan.id ? plan : o));
    void client.invalidateQueries({ queryKey: ['resource-page', LINE] });
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="count-page">
      <ResourceListPage
        entity={PLAN}
        toolbarExtra={() =>
          hasPermission(COUNT) && (
            <Button type="primary" onClick={() => setCreating(true)} data-testid="count-add">
              {t('count.new')}
            </Button>
          )
        }
        rowActions={(row) => (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setOpen(row)} data-testid="count-open">
              {t('count.open')}
            </Button>
            <WorkflowActions entity={PLAN} row={row} testId="count" onDone={closed} />
          </Space>
        )}
      />
      {open && (
        <div ref={linesRef}>
          <Card
            size="small"
            title={`${open.code} ${open.name}`}
            data-testid="count-lines"
            extra={<WorkflowActions entity={PLAN} row={open} look="bar" testId="count-card" onDone={closed} />}
          >
            <Space orientation="vertical" style={{ width: '100%' }}>
              {open.state === 'counting' && hasPermission(COUNT) && <ScanBox plan={open} onCounted={refresh} />}
              <ResourceListPage key={String(open.id)} entity={LINE} fixed={{ planId: Number(open.id) }} />
            </Space>
          </Card>
        </div>
      )}
      {creating && (
        <NewCount
          onClose={() => setCreating(false)}
          onSaved={async (plan) => {
            setCreating(false);
            setOpen(plan);
            await refresh();
          }}
        />
      )}
    </Space>
  );
}
