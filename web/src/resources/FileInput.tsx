import { PaperClipOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Upload, type UploadFile } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Envelope, getBaseUrl, http } from '../platform/http/client';
import { getToken } from '../platform/session/storage';
import { toast } from '../platform/ui/feedback';
import {
  ATTACHMENT_ACCEPT,
  entryKey,
  entryName,
  entrySrc,
  type FileEntry,
  type FileItem,
  fileEntries,
  MAX_UPLOAD_BYTES,
} from './file-values';

/** Sends one file to the upload route (multipart field `file`, the usual Authorization header). */
async function uploadFile(file: File): Promise<FileItem> {
  const form = new FormData();
  form.append('file', file);
  const { data } = await http.post<Envelope<FileItem & { size: number; mime: string }>>('/api-file/files/upload', form);
  return { id: data.id, name: data.name, url: data.url };
}

interface Props {
  kind: 'image' | 'attachments';
  value?: unknown;
  onChange?: (value: FileEntry[] | null) => void;
  disabled?: boolean;
  testId: string;
}

/**
 * Photos (a phone opens its camera) or attachments of a record: each file is uploaded at once and the field
 * holds `{ id, name, url }` items; texts stored before uploads existed stay as they are.
 */
export function FileInput({ kind, value, onChange, disabled, testId }: Props) {
  const { t } = useTranslation('resources');
  const entries = fileEntries(value);
  const latest = useRef(entries);
  latest.current = entries;
  const [pending, setPending] = useState<UploadFile[]>([]);
  const token = getToken();

  const shown: UploadFile[] = entries.map((e, i) => ({
    uid: entryKey(e, i),
    name: entryName(e),
    status: 'done',
    url: entrySrc(e, token, getBaseUrl()),
  }));

  const commit = (next: FileEntry[]) => {
    latest.current = next;
    onChange?.(next.length ? next : null);
  };

  return (
    <div data-testid={testId}>
      <Upload
        listType={kind === 'image' ? 'picture-card' : 'text'}
        accept={kind === 'image' ? 'image/*' : ATTACHMENT_ACCEPT}
        capture={kind === 'image' ? 'environment' : undefined}
        multiple
        disabled={disabled}
        isImageUrl={kind === 'image' ? () => true : undefined}
        fileList={[...shown, ...pending]}
        beforeUpload={(file) => {
          if (file.size <= MAX_UPLOAD_BYTES) return true;
          toast('error', t('files.tooLarge', { name: file.name, limit: '10 MB' }));
          return Upload.LIST_IGNORE;
        }}
        customRequest={({ file, onSuccess, onError }) => {
          uploadFile(file as File).then(
            (item) => onSuccess?.(item),
            (err: Error) => onError?.(err),
          );
        }}
        onPreview={(f) => {
          if (f.url) window.open(f.url, '_blank', 'noopener');
        }}
        onChange={({ file }) => {
          if (file.status === 'done' && file.response) {
            setPending((p) => p.filter((x) => x.uid !== file.uid));
            commit([...latest.current, file.response as FileItem]);
          } else if (file.status === 'error') {
            setPending((p) => p.filter((x) => x.uid !== file.uid));
          } else if (file.status === 'uploading') {
            setPending((p) => [...p.filter((x) => x.uid !== file.uid), file]);
          }
        }}
        onRemove={(f) => {
          const i = latest.current.findIndex((e, n) => entryKey(e, n) === f.uid);
          if (i >= 0) commit(latest.current.filter((_, n) => n !== i));
          else setPending((p) => p.filter((x) => x.uid !== f.uid));
          return false;
        }}
      >
        {disabled ? null : kind === 'image' ? (
          <button type="button" style={{ border: 0, background: 'none' }} data-testid={`${testId}-add`}>
            <PlusOutlined />
            <div>{t('files.addPhoto')}</div>
          </button>
        ) : (
          <Button icon={<PaperClipOutlined />} data-testid={`${testId}-add`}>
            {t('files.addFile')}
          </Button>
        )}
      </Upload>
    </div>
  );
}
