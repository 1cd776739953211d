import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Descriptions, Empty, InputNumber, Select, Space, Spin, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../reports/EChart';
import { fetchAnalysis, fetchMiningTags, fetchOutliers, type MiningTag } from './mining-api';
import { fmt, histogramOption, trendOption } from './mining-charts';
import './das.css';

/**
 * /plateDataMining: a tag of a connected machine over a period — its statistics, the distribution of its values,
 * its trend (minimum, average, maximum per time bucket) and the points beyond mean ± 3σ, all computed by the server.
 */
export default function MiningPage() {
  const { t } = useTranslation('das');
  const [keyword, setKeyword] = useState('');
  const [tagId, setTagId] = useState<number | undefined>();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(7, 'day'), dayjs()]);
  const [bins, setBins] = useState(20);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const from = range[0].toISOString();
  const to = range[1].toISOString();

  const tags = useQuery({ queryKey: ['das-mining-tags', keyword], queryFn: () => fetchMiningTags(keyword) });
  const analysis = useQuery({
    queryKey: ['das-mining', tagId, from, to, bins],
    queryFn: () => fetchAnalysis(tagId!, from, to, bins),
    enabled: tagId !== undefined,
  });
  const outliers = useQuery({
    queryKey: ['das-mining-outliers', tagId, from, to, page, limit],
    queryFn: () => fetchOutliers(tagId!, from, to, page, limit),
    enabled: tagId !== undefined,
  });

  const options = useMemo(() => {
    const byDevice = new Map<number, { label: string; options: { value: number; label: string }[] }>();
    for (const x of tags.data ?? ([] as MiningTag[])) {
      const group = byDevice.get(x.deviceId) ?? { label: `${x.deviceCode} ${x.deviceName}`, options: [] };
      group.options.push({ value: x.id, label: `${x.name}${x.unit ? ` (${x.unit})` : ''}` });
      byDevice.set(x.deviceId, group);
    }
    return [...byDevice.values()];
  }, [tags.data]);

  const a = analysis.data;
  const unit = a?.tag.unit ? ` ${a.tag.unit}` : '';
  const stats = a?.stats;
  const names = { min: t('mining.min'), avg: t('mining.avg'), max: t('mining.max') };

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="mining-page">
      <Card size="small">
        <div className="das-chart-tools">
          <Select
            showSearch
            filterOption={false}
            onSearch={setKeyword}
            style={{ minWidth: 260, flex: 1 }}
            value={tagId}
            onChange={(v) => {
              setTagId(v);
              setPage(1);
            }}
            placeholder={t('mining.pickTag')}
            options={options}
            loading={tags.isFetching}
            notFoundContent={t('mining.noTags')}
            data-testid="mining-tag"
          />
          <DatePicker.RangePicker
            showTime
            value={range}
            allowClear={false}
            onChange={(v) => {
              if (v?.[0] && v[1]) {
                setRange([v[0], v[1]]);
                setPage(1);
              }
            }}
            data-testid="mining-range"
          />
          <InputNumber
            min={1}
            max={100}
            precision={0}
            value={bins}
            onChange={(v) => v && setBins(v)}
            prefix={t('mining.bins')}
            style={{ width: 150 }}
            data-testid="mining-bins"
          />
        </div>
      </Card>
      {tagId === undefined ? (
        <Empty description={t('mining.pick')} />
      ) : (
        <Spin spinning={analysis.isFetching}>
          {a && stats && stats.count === 0 ? (
            <Empty description={t('mining.noData')} />
          ) : (
            a &&
            stats && (
              <Space direction="vertical" style={{ width: '100%' }}>
                <Card size="small" title={`${a.tag.deviceName} · ${a.tag.name}`}>
                  <Descriptions size="small" column={{ xs: 2, sm: 3, md: 5 }} data-testid="mining-stats">
                    <Descriptions.Item label={t('mining.count')}>{stats.count.toLocaleString()}</Descriptions.Item>
                    <Descriptions.Item label={t('mining.min')}>{fmt(stats.min) + unit}</Descriptions.Item>
                    <Descriptions.Item label={t('mining.max')}>{fmt(stats.max) + unit}</Descriptions.Item>
                    <Descriptions.Item label={t('mining.mean')}>{fmt(stats.mean) + unit}</Descriptions.Item>
                    <Descriptions.Item label={t('mining.stddev')}>{fmt(stats.stddev) + unit}</Descriptions.Item>
                  </Descriptions>
                </Card>
                <Card size="small" title={t('mining.distribution')}>
                  <EChart option={histogramOption(a, t('mining.count'))} height={280} testId="mining-histogram" />
                </Card>
                <Card size="small" title={t('mining.trend')}>
                  <EChart option={trendOption(a, names)} height={280} testId="mining-trend" />
                </Card>
              </Space>
            )
          )}
          <Card size="small" title={t('mining.outliers')} style={{ marginTop: 8 }}>
            <Table
              size="small"
              rowKey="ts"
              scroll={{ x: 360 }}
              loading={outliers.isFetching}
              dataSource={outliers.data?.rows ?? []}
              locale={{ emptyText: t('mining.noOutliers') }}
              pagination={{
                current: page,
                pageSize: limit,
                total: outliers.data?.count ?? 0,
                size: 'small',
                showSizeChanger: true,
                onChange: (p, s) => {
                  setPage(s === limit ? p : 1);
                  setLimit(s);
                },
              }}
              columns={[
                {
                  title: t('mining.time'),
                  dataIndex: 'ts',
                  render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
                },
                { title: t('mining.value'), dataIndex: 'v', render: (v: number) => fmt(v) + unit },
                {
                  title: t('mining.sigma'),
                  dataIndex: 'z',
                  render: (z: number) => <Tag color={z > 0 ? 'red' : 'blue'}>{`${z > 0 ? '+' : ''}${fmt(z, 2)}σ`}</Tag>,
                },
              ]}
              data-testid="mining-outliers"
            />
          </Card>
        </Spin>
      )}
    </Space>
  );
}
