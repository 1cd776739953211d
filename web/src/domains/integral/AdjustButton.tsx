import { EditOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { toast } from '../../platform/ui/feedback';
import { validated } from '../../platform/ui/validated';
import { useEntityMeta } from '../../resources/api';
import { RefSelect } from '../../resources/RefSelect';
import { ADJUST_PERMISSION, adjustPoints } from './api';

interface Values {
  userId: number;
  points: number;
  comment: string;
}

/** 积分调整: add or take a person's points by hand; the reason is required and kept in the ledger. */
export function AdjustButton({ onDone }: { onDone: () => Promise<void> }) {
  const { t } = useTranslation('integral');
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<Values>();
  const meta = useEntityMeta('integralledger');
  const person = meta.data?.fields.find((f) => f.name === 'userId');
  if (!hasPermission(ADJUST_PERMISSION)) return null;
  const save = async () => {
    const v = await validated(form);
    if (!v) return;
    setSaving(true);
    try {
      toast('success', await adjustPoints({ ...v, comment: v.comment.trim() }));
      setOpen(false);
      form.resetFields();
      await onDone();
    } catch {
      // the client has shown the refusal, naming the field
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <Button icon={<EditOutlined />} onClick={() => setOpen(true)} data-testid="integral-adjust">
        {t('adjust.button')}
      </Button>
      {open && (
        <Modal open title={t('adjust.title')} onCancel={() => setOpen(false)} onOk={save} confirmLoading={saving}>
          <Form form={form} layout="vertical">
            <Form.Item
              name="userId"
              label={person?.label ?? t('adjust.person')}
              rules={[{ required: true, message: t('adjust.required') }]}
            >
              {person ? <RefSelect field={person} /> : <span />}
            </Form.Item>
            <Form.Item
              name="points"
              label={t('adjust.points')}
              extra={t('adjust.pointsHint')}
              rules={[
                { required: true, message: t('adjust.required') },
                { validator: (_, v) => (v === 0 ? Promise.reject(new Error(t('adjust.notZero'))) : Promise.resolve()) },
              ]}
            >
              <InputNumber
                min={-10000}
                max={10000}
                precision={0}
                style={{ width: '100%' }}
                data-testid="integral-points"
              />
            </Form.Item>
            <Form.Item
              name="comment"
              label={t('adjust.reason')}
              rules={[{ required: true, whitespace: true, message: t('adjust.reasonRequired') }]}
            >
              <Input.TextArea rows={3} maxLength={200} data-testid="integral-reason" />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </>
  );
}
