import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Envelope, http } from '../platform/http/client';
import { Pagination } from '../platform/pagination/Pagination';
import { ResponsiveTable } from '../platform/ui/ResponsiveTable';
import { DOWNLOADS_PAGE_SIZE, DOWNLOADS_QUERY_KEY, type DownloadRow, downloadHref, ywlxKey } from './downloads-model';

const generating = (row: DownloadRow) => !row.filepath && !row.error;
const GENERATING_POLL_MS = 3000;

/** My downloads (spec 2.4): paged from page 1 by 10; 数据生成中 until a file exists, then a download link. */
export function DownloadsTable() {
  const { t } = useTranslation('layout');
  const [paging, setPaging] = useState({ page: 1, limit: DOWNLOADS_PAGE_SIZE });
  const { data, isFetching } = useQuery({
    queryKey: [DOWNLOADS_QUERY_KEY, paging.page, paging.limit],
    queryFn: () => http.get<Envelope<DownloadRow[]>>('/api-core/download/page', paging),
    staleTime: 0,
    // The socket says when a file is ready; asking again while one is being made covers a message that was lost.
    refetchInterval: (query) => (query.state.data?.data?.some(generating) ? GENERATING_POLL_MS : false),
  });
  const rows = data?.data ?? [];

  return (
    <>
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
    </>
  );
}
