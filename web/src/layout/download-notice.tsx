import { DownloadOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { type Envelope, http } from '../platform/http/client';
import { withFeedback } from '../platform/ui/feedback';
import { type DownloadRow, downloadHref, ywlxKey } from './downloads-model';

export interface DownloadNotice {
  kind: 'success' | 'error';
  key: string;
  title: string;
  description: ReactNode;
}

/** What to tell the user about a row of My downloads: its file is ready (with the link) or it failed; null meanwhile. */
export function downloadNotice(row: DownloadRow, t: TFunction): DownloadNotice | null {
  const name = row.filename || row.typeName || t(ywlxKey(row.ywlx));
  const key = `download-${row.id}`;
  if (row.filepath)
    return {
      kind: 'success',
      key,
      title: t('downloads.readyTitle'),
      description: (
        <span>
          {t('downloads.ready', { name })}{' '}
          <a href={downloadHref(row.id)} data-testid="download-notice-link">
            <DownloadOutlined /> {t('downloads.download')}
          </a>
        </span>
      ),
    };
  if (row.error)
    return { kind: 'error', key, title: t('downloads.failedTitle'), description: t('downloads.failedText', { name }) };
  return null;
}

/** Rows of My downloads looked through for the one a socket message names (the newest first). */
const RECENT = 50;

/**
 * A socket message said a download changed: find its row and, once it is ready or has failed, say so in a
 * notification wherever the user is: bottom right, clear of the navbar, 20 s (longer while the pointer is on it).
 */
export async function announceDownload(id: number, t: TFunction): Promise<void> {
  const rows = await http.get<Envelope<DownloadRow[]>>('/api-core/download/page', { page: 1, limit: RECENT });
  const row = rows.data?.find((r) => Number(r.id) === id);
  const notice = row && downloadNotice(row, t);
  if (!notice) return;
  withFeedback((f) =>
    f.notification[notice.kind]({
      key: notice.key,
      title: notice.title,
      description: notice.description,
      duration: 20,
      placement: 'bottomRight',
      props: { 'data-testid': `download-notice-${notice.kind}` } as Record<string, string>,
    }),
  );
}
