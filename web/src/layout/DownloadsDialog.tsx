import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Modal, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildUrl, type Envelope, http } from '../platform/http/client';
import { Pagination } from '../platform/pagination/Pagination';
import { getToken } from '../platform/session/storage';
import { useStore } from '../platform/store';
import { ResponsiveTable } from '../platform/ui/ResponsiveTable';
import { layoutStore, setDownloadsOpen } from './layout-store';

export const DOWNLOADS_QUERY_KEY = 'downloads';
export const DOWNLOADS_PAGE_SIZE = 10;

export interface DownloadRow {
  id: number;
  index?: number;
  ywlx: number | string;
  filename?: string;
  /** What an export names itself by (an entity's title), in the reader's language; null for spec 3.1's codes. */
  typeName?: string | null;
  filepath: string | null;
  createdate?: string;
  isnormal?: number | boolean | null;
  error?: string | null;
}

/** ywlx: 0 repair task, 1 maintenance task, 2 maintenance task detail, 3 spot-check task detail, else patrol (spec 3.1). */
export function ywlxKey(ywlx: number | string): string {
  switch (Number(ywlx)) {
    case 0:
      return 'downloads.types.repair';
    case 1:
      return 'downloads.types.maintenance';
    case 2:
      return 'downloads.types.maintenanceDetail';
    case 3:
      return 'downloads.types.spotCheckDetail';
    default:
      return 'downloads.types.patrolDetail';
  }
}

const generating = (row: DownloadRow) => !row.filepath && !row.error;
const GENERATING_POLL_MS = 3000;

export const downloadHref = (id: number | string): string =>
  buildUrl(`/api-core/download/file/${id}`, { access_token: getToken() });

/** My downloads (spec 2.4): paged from page 1 by 10; 数据生成中 until a file exists, then a download link. */
export function DownloadsDialog() {
  const { t } = useTranslation('layout');
  const open = useStore(layoutStore).downloadsOpen;
  const [paging, setPaging] = useState({ page: 1, limit: DOWNLOADS_PAGE_SIZE });
  const { data, isFetching } = useQuery({
    queryKey: [DOWNLOADS_QUERY_KEY, paging.page, paging.limit],
    queryFn: () => http.get<Envelope<DownloadRow[]>>('/api-core/download/page', paging),
    enabled: open,
    staleTime: 0,
    // The socket says when a file is ready; asking again while one is being made covers a message that was lost.
    refetchInterval: (query) => (query.state.data?.data?.some(generating) ? GENERATING_POLL_MS : false),
  });
  const rows = data?.data ?? [];

  return (
    <Modal
      open={open}
      title={t('downloads.title')}
      width={860}
      footer={null}
      onCancel={() => setDownloadsOpen(false)}
      afterClose={() => setPaging({ page: 1, limit: DOWNLOADS_PAGE_SIZE })}
      data-testid="downloads-dialog"
    >
      <ResponsiveTable<DownloadRow>
        rowKey="id"
        size="middle"
        loading={isFetching && !data}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 640 }}
        columns={[
          {
            title: t('downloads.index'),
            width: 64,
            render: (_v, row, i) => row.index ?? (paging.page - 1) * paging.limit + i + 1,
          },
          {
            title: t('downloads.type'),
            dataIndex: 'ywlx',
            width: 150,
            render: (v: number, row: DownloadRow) => row.typeName || t(ywlxKey(v)),
          },
          { title: t('downloads.file'), dataIndex: 'filename', ellipsis: true, render: (v?: string) => v || '—' },
          {
            title: t('downloads.created'),
            dataIndex: 'createdate',
            width: 170,
            render: (v?: string) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '—'),
          },
          {
            title: t('downloads.status'),
            width: 130,
            render: (_v, row) =>
              row.filepath ? (
                <a href={downloadHref(row.id)} data-testid="download-link">
                  <DownloadOutlined /> {t('downloads.download')}
                </a>
              ) : row.error ? (
                <Tag color="error">{t('downloads.failed')}</Tag>
              ) : (
                <Tag color="processing" data-testid="download-generating">
                  {t('downloads.generating')}
                </Tag>
              ),
          },
        ]}
      />
      <Pagination
        total={data?.count ?? 0}
        page={paging.page}
        limit={paging.limit}
        autoScroll={false}
        onChange={setPaging}
      />
    </Modal>
  );
}
