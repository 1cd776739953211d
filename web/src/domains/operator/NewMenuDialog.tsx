import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../platform/ui/feedback';
import { validated } from '../../platform/ui/validated';
import { saveMenu } from './api';

/** A new menu under parentId (the top level when null). */
export function NewMenuDialog({
  parentId,
  onClose,
  onSaved,
}: {
  parentId: string | null;
  onClose: () => void;
  onSaved: (id: string) => void;
}) {
  const { t } = useTranslation('operator');
  const [form] = Form.useForm<{ menuname: string; url?: string; icon?: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const v = await validated(form);
    if (!v) return;
    setSaving(true);
    try {
      const r = await saveMenu({ parentId, ...v, sort: 999 });
      toast('success', t('messages.saved'));
      onSaved(r.data?.id ?? '');
    } catch {
      // Shown by the client.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t(parentId ? 'menu.addChild' : 'menu.addTop')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="menuname"
          label={t('menu.fields.zh')}
          rules={[{ required: true, message: t('form.required', { label: t('menu.fields.zh') }) }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="url" label={t('menu.fields.url')}>
          <Input maxLength={500} placeholder="/group/page" />
        </Form.Item>
        <Form.Item name="icon" label={t('menu.fields.icon')}>
          <Input maxLength={100} placeholder="AppstoreOutlined" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
