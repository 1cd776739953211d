import { Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../platform/ui/feedback';
import { validated } from '../../platform/ui/validated';
import { saveRow, useEntityMeta } from '../../resources/api';
import { FieldInput } from '../../resources/FieldInput';
import { fetchPartStock, type PartStock, placeKey, placeOfKey, prefill } from './part-stock';

interface Props {
  orderId: number;
  onClose: () => void;
  onSaved: () => Promise<void> | void;
}

/**
 * Records a part used on a repair order: from stock (the default; issued from the warehouse and bin chosen, the
 * bin pre-filled when the part lies in one, the price the part's average cost) or not from stock (its price typed).
 */
export function PartForm({ orderId, onClose, onSaved }: Props) {
  const { t } = useTranslation('repair');
  const { t: tr } = useTranslation('resources');
  const { data: meta } = useEntityMeta('repairpart');
  const [form] = Form.useForm();
  const [stock, setStock] = useState<PartStock | null>(null);
  const [busy, setBusy] = useState(false);
  const typedPrice = useRef(false);
  const part = Form.useWatch('sparePartId', form);
  const warehouse = Form.useWatch('warehouseId', form);
  const fromStock = Form.useWatch('fromStock', form) ?? true;

  useEffect(() => {
    if (!part) return setStock(null);
    let live = true;
    fetchPartStock(Number(part), fromStock ? Number(warehouse) || null : null)
      .then((s) => {
        if (!live) return;
        setStock(s);
        form.setFieldsValue(prefill(s, { place: form.getFieldValue('place') }, typedPrice.current));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [part, warehouse, fromStock, form]);

  if (!meta) return null;
  const field = (name: string) => meta.fields.find((f) => f.name === name)!;
  const required = (name: string) => [{ required: true, message: tr('form.required', { label: field(name).label }) }];

  const submit = async () => {
    const values = await validated(form);
    if (!values) return;
    setBusy(true);
    try {
      await saveRow(meta, {
        orderId,
        sparePartId: values.sparePartId,
        fromStock,
        warehouseId: fromStock ? values.warehouseId : (values.warehouseId ?? null),
        ...(fromStock ? placeOfKey(values.place) : { binId: null, batch: null }),
        quantity: String(values.quantity),
        unitPrice: values.unitPrice === undefined || values.unitPrice === null ? null : String(values.unitPrice),
        remark: values.remark || null,
      });
      toast('success', tr('messages.saved'));
      await onSaved();
      onClose();
    } catch {
      // shown by the HTTP client (not enough stock, the bin to pick)
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('parts.add')}
      onCancel={onClose}
      onOk={submit}
      okButtonProps={{ loading: busy, 'data-testid': 'repair-part-save' }}
      destroyOnHidden
    >
      {/* On the form, not the modal: antd puts a modal's own attributes on its zero-sized root. */}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ fromStock: true, quantity: 1 }}
        data-testid="repair-part-form"
      >
        <Form.Item name="sparePartId" label={field('sparePartId').label} rules={required('sparePartId')}>
          <FieldInput field={field('sparePartId')} />
        </Form.Item>
        <Form.Item name="fromStock" label={field('fromStock').label} valuePropName="checked">
          <Switch data-testid="repair-part-from-stock" />
        </Form.Item>
        {fromStock && (
          <>
            <Form.Item
              name="warehouseId"
              label={field('warehouseId').label}
              rules={required('warehouseId')}
              extra={stock && warehouse ? t('parts.available', { available: stock.available }) : undefined}
            >
              <FieldInput field={field('warehouseId')} />
            </Form.Item>
            <Form.Item name="place" label={t('parts.place')}>
              <Select
                allowClear
                data-testid="repair-part-place"
                options={(stock?.bins ?? []).map((b) => ({
                  value: placeKey(b.value, b.batch),
                  label: `${b.label || '—'} (${b.quantity})`,
                }))}
              />
            </Form.Item>
          </>
        )}
        <Form.Item name="quantity" label={field('quantity').label} rules={required('quantity')}>
          <InputNumber stringMode min="0.01" style={{ width: '100%' }} data-testid="repair-part-quantity" />
        </Form.Item>
        <Form.Item
          name="unitPrice"
          label={field('unitPrice').label}
          extra={fromStock ? t('parts.priceFromStock') : undefined}
        >
          <InputNumber
            stringMode
            min="0"
            style={{ width: '100%' }}
            disabled={fromStock}
            onChange={() => {
              typedPrice.current = true;
            }}
            data-testid="repair-part-price"
          />
        </Form.Item>
        <Form.Item name="remark" label={field('remark').label}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
