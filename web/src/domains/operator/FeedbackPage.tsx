import { Button, Card, Image, Input, Modal, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { getBaseUrl } from '../../platform/http/client';
import { Pagination } from '../../platform/pagination/Pagination';
import { getToken } from '../../platform/session/storage';
import { toast } from '../../platform/ui/feedback';
import { ACTIONS_COLUMN, ResponsiveTable } from '../../platform/ui/ResponsiveTable';
import { answerFeedback, closeFeedback, type Feedback, feedbackPage, screenshotUrl } from './api';
import { rowTestId } from './row-test-id';
import { usePaged } from './usePaged';
import './operator.css';

const STATE_COLOR = ['orange', 'green', undefined] as const;

/** /operatesys/feedback: every tenant's feedback; the operator reads, answers (a message to the sender) and closes. */
export default function FeedbackPage() {
  const { t } = useTranslation('operator');
  const list = usePaged<Feedback, { state?: number; content?: string }>('op-feedback', feedbackPage, {});
  const [answering, setAnswering] = useState<Feedback | null>(null);
  const close = async (f: Feedback) => {
    try {
      await closeFeedback(f.id);
      toast('success', t('feedback.closedDone'));
    } finally {
      await list.refetch();
    }
  };
  const shot = (id: number) => `${getBaseUrl()}${screenshotUrl(id)}&access_token=${encodeURIComponent(getToken())}`;
  return (
    <Card size="small" data-testid="feedback-page">
      <Space wrap className="op-toolbar">
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('feedback.fields.state')}
          options={[0, 1, 2].map((s) => ({ value: s, label: t(`feedback.state.${s}`) }))}
          onChange={(state?: number) => list.search({ state })}
        />
        <Input.Search
          allowClear
          placeholder={t('feedback.fields.content')}
          onSearch={(content) => list.search({ content })}
          style={{ width: 240 }}
        />
      </Space>
      <ResponsiveTable<Feedback>
        rowKey="id"
        size="small"
        pagination={false}
        loading={list.loading}
        dataSource={list.rows}
        onRow={() => rowTestId('feedback-row')}
        columns={[
          { key: 'company', title: t('feedback.fields.company'), dataIndex: 'companyName' },
          { key: 'sender', title: t('feedback.fields.sender'), render: (_v, f) => `${f.peoplename} (${f.username})` },
          {
            key: 'content',
            title: t('feedback.fields.content'),
            render: (_v, f) => (
              <Space direction="vertical" size={4}>
                <Typography.Text>{f.content}</Typography.Text>
                {f.hasScreenshot && <Image width={80} src={shot(f.id)} alt={t('feedback.screenshot')} />}
                {f.answer && <Typography.Text type="secondary">↳ {f.answer}</Typography.Text>}
              </Space>
            ),
          },
          {
            key: 'state',
            title: t('feedback.fields.state'),
            width: 90,
            render: (_v, f) => <Tag color={STATE_COLOR[f.state]}>{t(`feedback.state.${f.state}`)}</Tag>,
          },
          {
            key: 'at',
            title: t('feedback.fields.createdAt'),
            width: 140,
            render: (_v, f) => dayjs(f.createdAt).format('YYYY-MM-DD HH:mm'),
          },
          {
            key: ACTIONS_COLUMN,
            width: 120,
            render: (_v, f) =>
              f.state !== 2 && (
                <Space size={0}>
                  {hasPermission('operatesys:feedback:answer') && (
                    <Button type="link" size="small" onClick={() => setAnswering(f)} data-testid="feedback-answer">
                      {t('feedback.answer')}
                    </Button>
                  )}
                  {hasPermission('operatesys:feedback:close') && (
                    <Popconfirm title={t('feedback.confirmClose')} onConfirm={() => close(f)}>
                      <Button type="link" size="small" data-testid="feedback-close">
                        {t('feedback.close')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
          },
        ]}
      />
      <Pagination total={list.total} page={list.paging.page} limit={list.paging.limit} onChange={list.setPaging} />
      {answering && (
        <AnswerDialog
          feedback={answering}
          onClose={() => setAnswering(null)}
          onSaved={async () => {
            setAnswering(null);
            await list.refetch();
          }}
        />
      )}
    </Card>
  );
}

function AnswerDialog({
  feedback,
  onClose,
  onSaved,
}: {
  feedback: Feedback;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('operator');
  const [answer, setAnswer] = useState(feedback.answer ?? '');
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (!answer.trim()) {
      toast('error', t('form.required', { label: t('feedback.fields.answer') }));
      return;
    }
    setSaving(true);
    try {
      await answerFeedback(feedback.id, answer.trim());
      toast('success', t('feedback.answered'));
      onSaved();
    } catch {
      // Shown by the client.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('feedback.answer')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ 'data-testid': 'feedback-answer-save' }}
    >
      <Typography.Paragraph type="secondary">{feedback.content}</Typography.Paragraph>
      <Input.TextArea
        rows={4}
        maxLength={2000}
        value={answer}
        onChange={(e) => setAnswer(e.target.value)}
        data-testid="feedback-answer-text"
      />
    </Modal>
  );
}
