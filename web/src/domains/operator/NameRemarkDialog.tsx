import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validated } from '../../platform/ui/validated';

export interface NameRemark {
  name: string;
  remark: string | null;
}

/**
 * The dialog that adds or renames something known by a name and a remark (a version, a role template): save sends
 * the trimmed name and the remark (null when empty); a refused save keeps the dialog open (the client shows why).
 */
export function NameRemarkDialog({
  title,
  labels,
  initial,
  maxName,
  testId,
  onSave,
  onClose,
}: {
  title: string;
  labels: { name: string; remark: string };
  initial: Partial<NameRemark>;
  maxName: number;
  /** The prefix of the dialog's test ids: `<testId>-form-save`, `<testId>-field-name`. */
  testId: string;
  onSave: (values: NameRemark) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation('operator');
  const [form] = Form.useForm<{ name: string; remark?: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const v = await validated(form);
    if (!v) return;
    setSaving(true);
    try {
      await onSave({ name: v.name.trim(), remark: v.remark || null });
    } catch {
      // Shown by the client.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ 'data-testid': `${testId}-form-save` }}
    >
      <Form form={form} layout="vertical" initialValues={initial}>
        <Form.Item
          name="name"
          label={labels.name}
          rules={[{ required: true, whitespace: true, message: t('form.required', { label: labels.name }) }]}
        >
          <Input maxLength={maxName} data-testid={`${testId}-field-name`} />
        </Form.Item>
        <Form.Item name="remark" label={labels.remark}>
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
