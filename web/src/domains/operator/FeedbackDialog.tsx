import { useQuery } from '@tanstack/react-query';
import { Form, Input, List, Modal, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../platform/ui/feedback';
import { validated } from '../../platform/ui/validated';
import { FileInput } from '../../resources/FileInput';
import type { FileEntry } from '../../resources/file-values';
import { myFeedback, sendFeedback } from './api';

/** The user menu's "Feedback": text and a screenshot to the platform operator, and the answers so far. */
export default function FeedbackDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('operator');
  const [form] = Form.useForm<{ content: string; screenshot?: FileEntry[] | null }>();
  const [saving, setSaving] = useState(false);
  const mine = useQuery({ queryKey: ['my-feedback'], queryFn: myFeedback });
  const submit = async () => {
    const v = await validated(form);
    if (!v) return;
    const shot = v.screenshot?.find(
      (e): e is { id: number; name: string } => typeof e === 'object' && e !== null && 'id' in e,
    );
    setSaving(true);
    try {
      await sendFeedback(v.content.trim(), shot?.id ?? null);
      toast('success', t('feedback.sent'));
      onClose();
    } catch {
      // Shown by the client.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('feedback.send')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      okText={t('feedback.submit')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ 'data-testid': 'feedback-send' }}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="content"
          label={t('feedback.fields.content')}
          rules={[
            { required: true, whitespace: true, message: t('form.required', { label: t('feedback.fields.content') }) },
          ]}
        >
          <Input.TextArea rows={4} maxLength={2000} showCount data-testid="feedback-content" />
        </Form.Item>
        <Form.Item name="screenshot" label={t('feedback.screenshot')}>
          <FileInput kind="image" testId="feedback-screenshot" />
        </Form.Item>
      </Form>
      {(mine.data?.rows.length ?? 0) > 0 && (
        <List
          size="small"
          header={t('feedback.mine')}
          dataSource={mine.data?.rows ?? []}
          renderItem={(f) => (
            <List.Item>
              <div>
                <Typography.Text>{f.content}</Typography.Text> <Tag>{t(`feedback.state.${f.state}`)}</Tag>
                <Typography.Text type="secondary"> {dayjs(f.createdAt).format('YYYY-MM-DD')}</Typography.Text>
                {f.answer && <Typography.Paragraph type="secondary">↳ {f.answer}</Typography.Paragraph>}
              </div>
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
