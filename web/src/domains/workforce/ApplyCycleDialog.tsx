import { Alert, DatePicker, Form, InputNumber, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../platform/ui/feedback';
import { validated } from '../../platform/ui/validated';
import { applyCycle, useCycles } from './api';

interface Props {
  workgroupId: number;
  /** The month shown: the dates default to it. */
  month: Dayjs;
  onClose: () => void;
  onApplied: () => void;
}

interface Values {
  cycleId: number;
  range: [Dayjs, Dayjs];
  firstDay: number;
}

/** Applies a cycle to every member of a work group for a date range (one transaction on the server). */
export function ApplyCycleDialog({ workgroupId, month, onClose, onApplied }: Props) {
  const { t } = useTranslation('workforce');
  const cycles = useCycles();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const cycleId = Form.useWatch('cycleId', form);
  const length = cycles.data?.find((c) => c.id === cycleId)?.dayCount ?? 1;

  const submit = async () => {
    const v = await validated(form);
    if (!v) return;
    setSaving(true);
    try {
      const r = await applyCycle({
        workgroupId,
        cycleId: v.cycleId,
        startDate: v.range[0].format('YYYY-MM-DD'),
        endDate: v.range[1].format('YYYY-MM-DD'),
        firstDay: (v.firstDay ?? 1) - 1,
      });
      toast('success', t('scheduling.apply.done', { members: r.data.members, shifts: r.data.shiftsWritten }));
      onApplied();
    } catch {
      // The HTTP client has shown the server's reason.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('scheduling.apply.title')}
      onCancel={onClose}
      onOk={submit}
      okText={t('scheduling.apply.ok')}
      cancelText={t('scheduling.apply.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'apply-save' } as Record<string, string>}
      data-testid="apply-dialog"
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ range: [month.startOf('month'), month.endOf('month')], firstDay: 1 }}
      >
        <Form.Item
          name="cycleId"
          label={t('scheduling.apply.cycle')}
          rules={[{ required: true, message: t('scheduling.apply.cycleRequired') }]}
        >
          <Select
            loading={cycles.isLoading}
            options={(cycles.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            data-testid="apply-cycle"
          />
        </Form.Item>
        <Form.Item
          name="range"
          label={t('scheduling.apply.range')}
          rules={[{ required: true, message: t('scheduling.apply.rangeRequired') }]}
        >
          <DatePicker.RangePicker style={{ width: '100%' }} data-testid="apply-range" />
        </Form.Item>
        <Form.Item name="firstDay" label={t('scheduling.apply.firstDay')}>
          <InputNumber min={1} max={length} precision={0} />
        </Form.Item>
        <Alert type="info" showIcon message={t('scheduling.apply.hint')} />
      </Form>
    </Modal>
  );
}
