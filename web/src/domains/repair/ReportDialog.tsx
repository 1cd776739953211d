import { Form, Modal } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../platform/ui/feedback';
import { validated } from '../../platform/ui/validated';
import { FieldInput } from '../../resources/FieldInput';
import type { EntityMeta } from '../../resources/types';
import { toBody, toFormValues } from '../../resources/values';
import { reportBreakdown } from './api';

/** What a reporter fills in; the server numbers, places and deadlines the order. */
const REPORTED = ['equipmentId', 'phenomenon', 'urgency', 'stopped'];

interface Props {
  meta: EntityMeta;
  onClose: () => void;
  onReported: () => void;
}

/** Report a breakdown: which machine, what is wrong, how urgent, whether it stopped. */
export function ReportDialog({ meta, onClose, onReported }: Props) {
  const { t } = useTranslation('repair');
  const { t: tr } = useTranslation('resources');
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const fields = useMemo(
    () => REPORTED.map((n) => meta.fields.find((f) => f.name === n)).filter((f) => f !== undefined),
    [meta],
  );
  const submit = async () => {
    const values = await validated(form);
    if (!values) return;
    setSaving(true);
    try {
      toast('success', await reportBreakdown({ ...toBody(fields, values), source: 'manual' }));
      onReported();
    } catch {
      // shown by the HTTP client
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('report.title')}
      onCancel={onClose}
      onOk={submit}
      okText={t('report.submit')}
      okButtonProps={{ loading: saving, 'data-testid': 'repair-report-submit' }}
      destroyOnHidden
      data-testid="repair-report-dialog"
    >
      <Form form={form} layout="vertical" initialValues={toFormValues(fields, null)}>
        {fields.map((f) => (
          <Form.Item
            key={f.name}
            name={f.name}
            label={f.label}
            valuePropName={f.type === 'boolean' ? 'checked' : 'value'}
            rules={f.required ? [{ required: true, message: tr('form.required', { label: f.label }) }] : []}
          >
            <FieldInput field={f} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
