import { SendOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { validated } from '../../platform/ui/validated';
import type { LiveTag } from './api';
import { sendInstruction } from './api';

/** Sends a command down to a device: a tag of the device and the value to write. */
export function SendInstruction({ deviceId, tags, onSent }: { deviceId: number; tags: LiveTag[]; onSent: () => void }) {
  const { t } = useTranslation('das');
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm();
  if (!hasPermission('das:instruction:send')) return null;
  const submit = async () => {
    const values = await validated(form);
    if (!values) return;
    setBusy(true);
    try {
      await sendInstruction({ deviceId, ...values, value: String(values.value) });
      setOpen(false);
      form.resetFields();
      onSent();
    } catch {
      // The refusal is shown by the http client's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button icon={<SendOutlined />} onClick={() => setOpen(true)} data-testid="instruction-send">
        {t('instruction.send')}
      </Button>
      <Modal
        open={open}
        title={t('instruction.send')}
        onOk={submit}
        confirmLoading={busy}
        onCancel={() => setOpen(false)}
      >
        <Form form={form} layout="vertical" initialValues={{ timeoutSeconds: 60 }}>
          <Form.Item
            name="tagKey"
            label={t('instruction.tag')}
            rules={[{ required: true, message: t('instruction.tagRequired') }]}
          >
            <Select options={tags.map((x) => ({ value: x.key, label: `${x.name} (${x.key})` }))} />
          </Form.Item>
          <Form.Item
            name="value"
            label={t('instruction.value')}
            rules={[{ required: true, message: t('instruction.valueRequired') }]}
          >
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="timeoutSeconds" label={t('instruction.timeout')}>
            <InputNumber min={1} max={86400} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
