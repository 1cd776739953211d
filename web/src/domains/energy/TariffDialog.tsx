import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, Modal, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Envelope, HttpError, http } from '../../platform/http/client';
import type { EntityMeta, Row } from '../../resources/types';

const KINDS = ['sharp', 'peak', 'flat', 'valley'] as const;
const TIME = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

interface Period {
  kind: string;
  start: string;
  end: string;
  price: string;
}

interface Values {
  code: string;
  name: string;
  energyType: string;
  validFrom: Dayjs;
  validTo?: Dayjs | null;
  remark?: string;
  periods: Period[];
}

/** The usual day of an industrial time-of-use tariff, to start a new one from. */
const STARTER: Period[] = [
  { kind: 'valley', start: '00:00', end: '08:00', price: '' },
  { kind: 'flat', start: '08:00', end: '10:00', price: '' },
  { kind: 'peak', start: '10:00', end: '15:00', price: '' },
  { kind: 'sharp', start: '15:00', end: '17:00', price: '' },
  { kind: 'peak', start: '17:00', end: '22:00', price: '' },
  { kind: 'flat', start: '22:00', end: '24:00', price: '' },
];

/** A time-of-use tariff's form: its validity and the periods of its day with their prices. */
export function TariffDialog({
  meta,
  row,
  onClose,
  onSaved,
}: {
  meta: EntityMeta;
  row: Row | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('energy');
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [periodsError, setPeriodsError] = useState<string | null>(null);
  const label = (name: string) => meta.fields.find((f) => f.name === name)?.label ?? name;
  const types = meta.fields.find((f) => f.name === 'energyType')?.options ?? [];
  const initial: Partial<Values> = row
    ? {
        code: String(row.code),
        name: String(row.name),
        energyType: String(row.energyType),
        validFrom: dayjs(String(row.validFrom)),
        validTo: row.validTo ? dayjs(String(row.validTo)) : null,
        remark: (row.remark as string | null) ?? undefined,
        periods: (row.periods as Period[]) ?? [],
      }
    : {
        energyType: types[0] ? String(types[0].value) : undefined,
        validFrom: dayjs().startOf('month'),
        periods: STARTER,
      };

  const save = async (v: Values) => {
    setSaving(true);
    setPeriodsError(null);
    const body = {
      ...(row ? { id: row.id, updatedAt: row.updatedAt } : {}),
      code: v.code,
      name: v.name,
      energyType: v.energyType,
      validFrom: v.validFrom.format('YYYY-MM-DD'),
      validTo: v.validTo ? v.validTo.format('YYYY-MM-DD') : null,
      remark: v.remark ?? null,
      periods: v.periods.map((p) => ({ ...p, price: String(p.price).trim() })),
    };
    try {
      await http.post<Envelope<Row>>(`/api-manage/energys/tariff/${row ? 'update' : 'save'}`, body);
      onSaved();
    } catch (err) {
      const b = err instanceof HttpError ? (err.body as { field?: string; msg?: string } | null) : null;
      if (b?.field === 'periods') setPeriodsError(b.msg ?? '');
      else if (b?.field) form.setFields([{ name: b.field as keyof Values, errors: [b.msg ?? ''] }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      width={720}
      title={row ? t('tariff.edit') : t('tariff.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={save} data-testid="tariff-form">
        <Form.Item name="code" label={label('code')} rules={[{ required: true, max: 50 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="name" label={label('name')} rules={[{ required: true, max: 100 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="energyType" label={label('energyType')} rules={[{ required: true }]}>
          <Select options={types.map((o) => ({ value: String(o.value), label: o.label }))} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="validFrom" label={label('validFrom')} rules={[{ required: true }]}>
            <DatePicker />
          </Form.Item>
          <Form.Item name="validTo" label={label('validTo')}>
            <DatePicker />
          </Form.Item>
        </Space>
        <Form.Item
          label={label('periods')}
          help={periodsError ?? t('tariff.periodsHelp')}
          validateStatus={periodsError ? 'error' : undefined}
        >
          <Form.List name="periods">
            {(items, { add, remove }) => (
              <div className="energy-periods">
                {items.map((item) => (
                  <Space key={item.key} wrap align="baseline">
                    <Form.Item name={[item.name, 'kind']} rules={[{ required: true }]}>
                      <Select
                        style={{ width: 100 }}
                        options={KINDS.map((k) => ({ value: k, label: t(`periods.${k}`) }))}
                        aria-label={t('tariff.kind')}
                      />
                    </Form.Item>
                    <Form.Item name={[item.name, 'start']} rules={[{ required: true, pattern: TIME }]}>
                      <Input style={{ width: 80 }} placeholder="08:00" aria-label={t('tariff.start')} />
                    </Form.Item>
                    <Form.Item name={[item.name, 'end']} rules={[{ required: true, pattern: TIME }]}>
                      <Input style={{ width: 80 }} placeholder="24:00" aria-label={t('tariff.end')} />
                    </Form.Item>
                    <Form.Item
                      name={[item.name, 'price']}
                      rules={[{ required: true, pattern: /^\d{1,10}(\.\d{1,6})?$/ }]}
                    >
                      <Input style={{ width: 110 }} placeholder={t('tariff.price')} aria-label={t('tariff.price')} />
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined />}
                      onClick={() => remove(item.name)}
                      aria-label={t('tariff.remove')}
                    />
                  </Space>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ kind: 'flat', start: '', end: '', price: '' })}>
                  {t('tariff.addPeriod')}
                </Button>
              </div>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item name="remark" label={label('remark')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
