import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Space, Table, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../platform/http/client';
import { toast } from '../platform/ui/feedback';
import { importFile, templateHref } from './api';
import type { EntityMeta, ImportIssue } from './types';

interface Props {
  meta: EntityMeta;
  onClose: () => void;
  onImported: () => void;
}

/** Import: download the template in the current language, upload the filled file, read the error report. */
export function ImportDialog({ meta, onClose, onImported }: Props) {
  const { t, i18n } = useTranslation('resources');
  const [busy, setBusy] = useState(false);
  const [issues, setIssues] = useState<ImportIssue[]>([]);

  const upload = async (file: File) => {
    setBusy(true);
    setIssues([]);
    try {
      const r = await importFile(meta, file);
      toast('success', r.msg ?? t('messages.imported', { count: r.data.count }));
      onImported();
    } catch (err) {
      const data = err instanceof HttpError ? (err.body as { data?: unknown } | null)?.data : null;
      if (Array.isArray(data)) setIssues(data as ImportIssue[]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('import.title', { title: meta.title })}
      width={760}
      footer={null}
      onCancel={onClose}
      data-testid="import-dialog"
    >
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Alert type="info" showIcon title={t('import.steps')} />
        <Space>
          <Button icon={<DownloadOutlined />} href={templateHref(meta, i18n.language)} data-testid="import-template">
            {t('import.template')}
          </Button>
          <Upload
            accept=".xlsx"
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={busy} data-testid="import-upload">
              {t('import.choose')}
            </Button>
          </Upload>
        </Space>
        {issues.length > 0 && (
          <>
            <Alert type="error" showIcon title={t('import.failed', { count: issues.length })} />
            <Table<ImportIssue>
              size="small"
              rowKey={(r) => `${r.row}:${r.column}:${r.message}`}
              dataSource={issues}
              pagination={{ pageSize: 8, showSizeChanger: false }}
              data-testid="import-report"
              columns={[
                { title: t('import.row'), dataIndex: 'row', width: 80 },
                { title: t('import.column'), dataIndex: 'column', width: 180 },
                { title: t('import.message'), dataIndex: 'message' },
              ]}
            />
          </>
        )}
      </Space>
    </Modal>
  );
}
