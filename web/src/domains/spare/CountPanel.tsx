import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Form, Input, InputNumber, Modal, Popconfirm, Space, Switch, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Envelope, http } from '../../platform/http/client';
import { toast } from '../../platform/ui/feedback';
import { validated } from '../../platform/ui/validated';
import { useEntityMeta } from '../../resources/api';
import { FieldInput } from '../../resources/FieldInput';
import { ResourceListPage } from '../../resources/ResourceListPage';
import type { Row } from '../../resources/types';

const BASE = '/api-manage/spareparts/count';

interface CountLine {
  id: number;
  partCode: string;
  partName: string;
  binCode: string | null;
  batch: string | null;
  bookQty: string | null;
  countedQty: string | null;
  difference: string | null;
}

/** Stocktakes: plan one (warehouse, blind or not), count it (scan or type), make the adjustment document. */
export function CountPanel() {
  const { t } = useTranslation('spare');
  const queryClient = useQueryClient();
  const [planning, setPlanning] = useState(false);
  const [counting, setCounting] = useState<Row | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['resource-page', 'sparecount'] });
  const adjust = async (row: Row) => {
    try {
      const r = await http.post<Envelope<Row>>(`${BASE}/adjust`, { id: row.id });
      toast('success', r.msg ?? '');
      await refresh();
    } catch {
      // shown by the HTTP client
    }
  };
  return (
    <>
      <ResourceListPage
        entity="sparecount"
        rowLocked={(row) => row.state !== 'counting'}
        toolbarExtra={() => (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setPlanning(true)}
            data-testid="spare-count-new"
          >
            {t('count.new')}
          </Button>
        )}
        rowActions={(row) =>
          row.state === 'counting' && (
            <>
              <Button type="link" size="small" onClick={() => setCounting(row)} data-testid="spare-count-open">
                {t('count.count')}
              </Button>
              <Popconfirm title={t('count.adjustConfirm')} onConfirm={() => adjust(row)}>
                <Button type="link" size="small" data-testid="spare-count-adjust">
                  {t('count.adjust')}
                </Button>
              </Popconfirm>
            </>
          )
        }
      />
      {planning && <PlanDialog onClose={() => setPlanning(false)} onDone={() => void refresh()} />}
      {counting && <CountDrawer count={counting} onClose={() => setCounting(null)} />}
    </>
  );
}

function PlanDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('spare');
  const { data: meta } = useEntityMeta('sparecount');
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const warehouse = meta?.fields.find((f) => f.name === 'warehouseId');
  const submit = async () => {
    const values = await validated(form);
    if (!values) return;
    setBusy(true);
    try {
      await http.post(`${BASE}/save`, { warehouseId: values.warehouseId, blind: !!values.blind });
      onDone();
      onClose();
    } catch {
      // shown by the HTTP client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('count.new')}
      onCancel={onClose}
      onOk={submit}
      okButtonProps={{ loading: busy }}
      destroyOnHidden
    >
      {warehouse && (
        <Form form={form} layout="vertical">
          <Form.Item
            name="warehouseId"
            label={warehouse.label}
            rules={[{ required: true, message: t('form.required', { label: warehouse.label }) }]}
          >
            <FieldInput field={warehouse} />
          </Form.Item>
          <Form.Item name="blind" label={meta?.fields.find((f) => f.name === 'blind')?.label} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** The lines of a stocktake with a count box each, and a scan box (part code, then bin code). */
function CountDrawer({ count, onClose }: { count: Row; onClose: () => void }) {
  const { t } = useTranslation('spare');
  const { data: lineMeta } = useEntityMeta('sparecountline');
  const key = ['spare-count-lines', count.id];
  const { data, refetch } = useQuery({
    queryKey: key,
    queryFn: async () =>
      (await http.get<Envelope<{ blind: boolean; lines: CountLine[] }>>(`${BASE}/lines`, { id: count.id })).data,
  });
  const [scan, setScan] = useState({ partCode: '', binCode: '', countedQty: '' });
  const label = (name: string) => lineMeta?.fields.find((f) => f.name === name)?.label ?? name;
  const enter = async (body: Record<string, unknown>) => {
    try {
      await http.post(`${BASE}/enter`, { id: count.id, ...body });
      await refetch();
      return true;
    } catch {
      return false;
    }
  };
  return (
    <Drawer open onClose={onClose} title={String(count.code)} size="large" className="spare-doc-drawer" destroyOnHidden>
      <Space.Compact className="spare-scan" block>
        <Input
          value={scan.partCode}
          onChange={(e) => setScan({ ...scan, partCode: e.target.value })}
          placeholder={t('count.scanPart')}
          data-testid="spare-count-part"
        />
        <Input
          value={scan.binCode}
          onChange={(e) => setScan({ ...scan, binCode: e.target.value })}
          placeholder={t('count.scanBin')}
        />
        <Input
          value={scan.countedQty}
          inputMode="decimal"
          onChange={(e) => setScan({ ...scan, countedQty: e.target.value })}
          placeholder={label('countedQty')}
        />
        <Button
          type="primary"
          onClick={async () => {
            if (await enter(scan)) setScan({ partCode: '', binCode: '', countedQty: '' });
          }}
        >
          {t('form.scanAdd')}
        </Button>
      </Space.Compact>
      <Table<CountLine>
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: true }}
        dataSource={data?.lines ?? []}
        columns={[
          { title: label('sparePartId'), render: (_, l) => `${l.partCode} ${l.partName}` },
          { title: label('binId'), dataIndex: 'binCode' },
          { title: label('batch'), dataIndex: 'batch' },
          ...(data?.blind ? [] : [{ title: label('bookQty'), dataIndex: 'bookQty' }]),
          {
            title: label('countedQty'),
            render: (_, l) => (
              <InputNumber
                stringMode
                min="0"
                defaultValue={l.countedQty ?? undefined}
                onBlur={(e) => {
                  const v = e.target.value.trim();
                  if (v && v !== l.countedQty) void enter({ lineId: l.id, countedQty: v });
                }}
              />
            ),
          },
          ...(data?.blind ? [] : [{ title: label('difference'), dataIndex: 'difference' }]),
        ]}
      />
    </Drawer>
  );
}
