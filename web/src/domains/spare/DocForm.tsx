import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Empty, Form, Input, InputNumber, Select, Space, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../platform/ui/feedback';
import { useEntityMeta } from '../../resources/api';
import { FieldInput } from '../../resources/FieldInput';
import { RefSelect } from '../../resources/RefSelect';
import type { FieldMeta, Row } from '../../resources/types';
import { toBody, toFormValues } from '../../resources/values';
import { type DocLine, type DocType, fetchBins, fetchDoc, partByCode, REASONS_OF, runDocAction, saveDoc } from './api';
import './spare.css';
import { validated } from '../../platform/ui/validated';

/** The header fields a document of a type shows (the reason decides which of order, task, cost centre). */
function headerFields(type: DocType, reason: unknown): string[] {
  const out = ['reason', 'warehouseId'];
  if (type === 'transfer') out.push('toWarehouseId');
  if ((type === 'issue' && reason === 'order') || (type === 'receipt' && reason === 'jobReturn')) out.push('orderId');
  if (type === 'issue' && reason === 'task') out.push('checkTaskId');
  if (type === 'issue' && reason === 'costCentre') out.push('costCentre');
  return [...out, 'docDate', 'remark'];
}

/** The columns of a document's lines (field and class), in their order. */
export function lineColumns(type: DocType): { name: string; cls: string }[] {
  return [
    { name: 'sparePartId', cls: 'spare-line-part' },
    { name: 'quantity', cls: 'spare-line-qty' },
    ...(type === 'receipt' || type === 'adjust' ? [{ name: 'unitCost', cls: 'spare-line-cost' }] : []),
    { name: 'batch', cls: 'spare-line-batch' },
    { name: 'binId', cls: 'spare-line-bin' },
    ...(type === 'transfer' ? [{ name: 'toBinId', cls: 'spare-line-bin' }] : []),
  ];
}

let nextKey = 1;
const newLine = (extra: Partial<DocLine> = {}): DocLine => ({ key: nextKey++, quantity: 1, ...extra });

function useBins(warehouseId: unknown) {
  return useQuery({
    queryKey: ['spare-bins', warehouseId],
    queryFn: () => fetchBins(Number(warehouseId)),
    enabled: !!warehouseId,
  });
}

export interface DocFormProps {
  type: DocType;
  /** An existing draft to edit; null for a new document. */
  id: number | null;
  /** Values a new document starts with (the repair order it serves). */
  initial?: Record<string, unknown>;
  onClose: () => void;
  onSaved: (row: Row) => void;
}

/**
 * A stock document's form: header, lines (part, quantity, unit cost, batch, bin) and a scan box that takes a
 * part label's code (or a typed one); save keeps a draft, save and submit sends it on.
 */
export function DocForm({ type, id, initial, onClose, onSaved }: DocFormProps) {
  const { t } = useTranslation('spare');
  const { data: meta } = useEntityMeta('sparedoc');
  const { data: lineMeta } = useEntityMeta('sparedocline');
  const [form] = Form.useForm();
  const [lines, setLines] = useState<DocLine[]>([newLine()]);
  const [busy, setBusy] = useState(false);
  const [scan, setScan] = useState('');
  const [loaded, setLoaded] = useState(id === null);
  // The draft's updatedAt as loaded: the server refuses the save when another keeper has saved it since.
  const readAt = useRef<unknown>(null);
  const reason = Form.useWatch('reason', form) ?? REASONS_OF[type][0];
  const warehouseId = Form.useWatch('warehouseId', form);
  const toWarehouseId = Form.useWatch('toWarehouseId', form);
  const bins = useBins(warehouseId);
  const toBins = useBins(type === 'transfer' ? toWarehouseId : warehouseId);

  useEffect(() => {
    if (!meta || id === null) return;
    fetchDoc(id).then((row) => {
      readAt.current = row.updatedAt ?? null;
      form.setFieldsValue(toFormValues(meta.fields, row));
      const rows = (row.lines as Row[] | undefined) ?? [];
      setLines(rows.map((l) => newLine({ ...l, sparePartId: Number(l.sparePartId) } as Partial<DocLine>)));
      setLoaded(true);
    });
  }, [meta, id, form]);

  if (!meta || !lineMeta || !loaded) return <Spin className="resource-loading" />;
  const field = (name: string) => meta.fields.find((f) => f.name === name)!;
  const lineField = (name: string) => lineMeta.fields.find((f) => f.name === name)!;
  const shown = headerFields(type, reason).map(field);
  const reasonField: FieldMeta = {
    ...field('reason'),
    options: (field('reason').options ?? []).filter((o) => REASONS_OF[type].includes(String(o.value))),
  };
  const withCost = type === 'receipt' || type === 'adjust';
  // The lines' columns, named above them (on a phone beside each input: the lines wrap).
  const columns = lineColumns(type);
  const Caption = ({ name }: { name: string }) => <span className="spare-line-cap">{lineField(name).label}</span>;
  const setLine = (key: number, patch: Partial<DocLine>) =>
    setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  const onScan = async () => {
    const code = scan.trim();
    if (!code) return;
    setScan('');
    if (code.startsWith('BIN:')) {
      const bin = (bins.data ?? []).find((b) => b.code === code.slice(4));
      if (!bin) return toast('warning', t('form.scanUnknown', { code }));
      setLines((ls) => ls.map((l, i) => (i === ls.length - 1 ? { ...l, binId: bin.value } : l)));
      return;
    }
    const part = await partByCode(code);
    if (!part) return toast('warning', t('form.scanUnknown', { code }));
    setLines((ls) => {
      const same = ls.find((l) => l.sparePartId === part.id);
      if (same) return ls.map((l) => (l === same ? { ...l, quantity: Number(l.quantity ?? 0) + 1 } : l));
      const empty = ls.find((l) => !l.sparePartId);
      const line = { sparePartId: part.id, sparePartName: `${part.code} ${part.name}` };
      return empty ? ls.map((l) => (l === empty ? { ...l, ...line } : l)) : [...ls, newLine(line)];
    });
  };

  // Without an approval flow one who may approve posts in one step (the server checks both).
  const postNow = meta.workflow?.actions.find((a) => a.name === 'postNow' && a.can);
  const save = async (then: 'draft' | 'submit' | 'postNow') => {
    const values = await validated(form);
    if (!values) return;
    setBusy(true);
    try {
      const body = {
        ...toBody(meta.fields, values),
        ...(id ? { id, updatedAt: readAt.current ?? undefined } : {}),
        type,
        lines: lines.map(({ key: _k, sparePartName: _n, ...l }) => ({
          ...l,
          quantity: l.quantity === undefined || l.quantity === null ? null : String(l.quantity),
          unitCost: l.unitCost === undefined || l.unitCost === null || l.unitCost === '' ? null : String(l.unitCost),
        })),
      };
      const saved = await saveDoc(body);
      // The draft is kept either way: a refused step leaves it in the list with its message, not saved twice here.
      onClose();
      const r =
        then === 'draft' ? saved : await runDocAction(then, { id: saved.data.id }).finally(() => onSaved(saved.data));
      toast('success', r.msg ?? '');
      onSaved(r.data);
    } catch {
      // shown by the HTTP client (the message names the field and line)
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer
      open
      onClose={onClose}
      title={t(`form.title.${type}`)}
      size="large"
      className="spare-doc-drawer"
      destroyOnHidden
      data-testid="spare-doc-form"
      extra={
        <Space>
          <Button onClick={() => save('draft')} loading={busy} data-testid="spare-doc-save">
            {t('form.save')}
          </Button>
          <Button
            type={postNow ? 'default' : 'primary'}
            onClick={() => save('submit')}
            loading={busy}
            data-testid="spare-doc-submit"
          >
            {t('form.saveSubmit')}
          </Button>
          {postNow && (
            <Button type="primary" onClick={() => save('postNow')} loading={busy} data-testid="spare-doc-post-now">
              {t('form.savePost')}
            </Button>
          )}
        </Space>
      }
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ ...toFormValues(meta.fields, null), reason: REASONS_OF[type][0], ...initial }}
      >
        <div className="spare-doc-header">
          {shown.map((f) => (
            <Form.Item
              key={f.name}
              name={f.name}
              label={f.label}
              rules={
                f.required || ['toWarehouseId', 'orderId', 'checkTaskId', 'costCentre'].includes(f.name)
                  ? [{ required: true, message: t('form.required', { label: f.label }) }]
                  : []
              }
            >
              <FieldInput field={f.name === 'reason' ? reasonField : f} />
            </Form.Item>
          ))}
        </div>
      </Form>
      <div className="spare-scan">
        <Input.Search
          value={scan}
          onChange={(e) => setScan(e.target.value)}
          onSearch={onScan}
          placeholder={t('form.scan')}
          enterButton={t('form.scanAdd')}
          data-testid="spare-scan"
        />
      </div>
      {lines.length === 0 && <Empty description={t('form.noLines')} />}
      {lines.length > 0 && (
        <div className="spare-line spare-line-head" data-testid="spare-line-head">
          <span className="spare-line-no">#</span>
          {columns.map((c) => (
            <span key={c.name} className={c.cls}>
              {lineField(c.name).label}
            </span>
          ))}
          <span className="spare-line-remove" />
        </div>
      )}
      {lines.map((l, i) => (
        <div className="spare-line" key={l.key} data-testid={`spare-line-${i}`} data-part={l.sparePartId ?? ''}>
          <span className="spare-line-no">{i + 1}</span>
          <div className="spare-line-part">
            <Caption name="sparePartId" />
            <RefSelect
              field={lineField('sparePartId')}
              value={l.sparePartId}
              onChange={(v) => setLine(l.key, { sparePartId: v as number })}
              placeholder={
                l.sparePartName ?? (l as unknown as Row).sparePartName?.toString() ?? lineField('sparePartId').label
              }
            />
          </div>
          <Caption name="quantity" />
          <InputNumber
            className="spare-line-qty"
            stringMode
            min={type === 'adjust' ? undefined : '0.01'}
            step="1"
            value={l.quantity as string}
            onChange={(v) => setLine(l.key, { quantity: v ?? undefined })}
            placeholder={lineField('quantity').label}
            data-testid={`spare-line-qty-${i}`}
          />
          {withCost && <Caption name="unitCost" />}
          {withCost && (
            <InputNumber
              className="spare-line-cost"
              stringMode
              min="0"
              value={(l.unitCost ?? undefined) as string | undefined}
              onChange={(v) => setLine(l.key, { unitCost: v })}
              placeholder={lineField('unitCost').label}
              data-testid={`spare-line-cost-${i}`}
            />
          )}
          <Caption name="batch" />
          <Input
            className="spare-line-batch"
            value={l.batch ?? ''}
            maxLength={50}
            onChange={(e) => setLine(l.key, { batch: e.target.value || null })}
            placeholder={lineField('batch').label}
          />
          <Caption name="binId" />
          <Select
            className="spare-line-bin"
            allowClear
            value={l.binId ?? undefined}
            options={bins.data ?? []}
            onChange={(v) => setLine(l.key, { binId: v ?? null })}
            placeholder={lineField('binId').label}
          />
          {type === 'transfer' && <Caption name="toBinId" />}
          {type === 'transfer' && (
            <Select
              className="spare-line-bin"
              allowClear
              value={l.toBinId ?? undefined}
              options={toBins.data ?? []}
              onChange={(v) => setLine(l.key, { toBinId: v ?? null })}
              placeholder={lineField('toBinId').label}
            />
          )}
          <Button
            className="spare-line-remove"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('form.removeLine')}
            onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}
          />
        </div>
      ))}
      <Button icon={<PlusOutlined />} onClick={() => setLines((ls) => [...ls, newLine()])} data-testid="spare-add-line">
        {t('form.addLine')}
      </Button>
    </Drawer>
  );
}
