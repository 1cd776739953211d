import { ScanOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Input, Result, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type Envelope, http } from '../../platform/http/client';
import { readSession } from '../../platform/session/storage';
import { useEntityMeta } from '../../resources/api';
import { displayValue } from '../../resources/display';
import type { Row } from '../../resources/types';

interface DictItem {
  ID: number;
  CODE: string;
  NAME: string;
}

/** The machine's design data: what an engineer checks at the machine (model, build, supplier, dates). */
const DESIGN = [
  'code',
  'name',
  'categoryId',
  'model',
  'specification',
  'manufacturer',
  'supplier',
  'serialNumber',
  'purchaseDate',
  'commissioningDate',
  'warrantyEnd',
  'location',
];

/**
 * /design/scan (spec 6): with back:design:scan (the session's isDesign flag) a scanned or typed machine code opens
 * the machine's design display (its design and build data) instead of the repair report; without it, a refusal.
 */
export default function DesignScanPage() {
  const { t } = useTranslation('equipment');
  const { t: tr } = useTranslation('resources');
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const design = readSession('isDesign') === '1';
  const lookup = useQuery({
    queryKey: ['design-scan', code],
    queryFn: async () =>
      (await http.get<Envelope<DictItem[]>>('/api-manage/equipment/deviceDict', { keyword: code })).data.find(
        (d) => d.CODE.toLowerCase() === code.toLowerCase(),
      ) ?? null,
    enabled: design && code.length > 0,
  });
  const machineId = lookup.data?.ID;
  const { data: meta } = useEntityMeta('equipment');
  const info = useQuery({
    queryKey: ['equipment-info', String(machineId)],
    queryFn: async () => (await http.get<Envelope<Row>>('/api-manage/equipment/getEqInfo', { id: machineId })).data,
    enabled: !!machineId,
  });
  if (!design) return <Result status="403" title={t('designScan.refused')} data-testid="design-scan-refused" />;
  return (
    <Card title={t('designScan.title')} data-testid="design-scan">
      <Input.Search
        prefix={<ScanOutlined />}
        placeholder={t('designScan.placeholder')}
        enterButton={t('designScan.open')}
        maxLength={50}
        allowClear
        autoFocus
        onSearch={(v) => setCode(v.trim())}
        data-testid="design-scan-input"
      />
      <div style={{ marginTop: 16 }}>
        {(lookup.isFetching || info.isFetching) && <Spin />}
        {code && lookup.data === null && (
          <Alert type="warning" showIcon message={t('designScan.notFound', { code })} data-testid="design-scan-none" />
        )}
        {!code && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('designScan.hint')} />}
        {info.data && meta && (
          <>
            <Descriptions column={{ xs: 1, md: 2 }} bordered size="small" data-testid="design-scan-result">
              {DESIGN.map((name) => meta.fields.find((f) => f.name === name))
                .filter((f) => f !== undefined)
                .map((f) => (
                  <Descriptions.Item key={f.name} label={f.label}>
                    {displayValue(f, info.data, tr) || '—'}
                  </Descriptions.Item>
                ))}
            </Descriptions>
            <Button style={{ marginTop: 12 }} onClick={() => navigate(`/detailed/index?id=${machineId}`)}>
              {t('designScan.card')}
            </Button>
          </>
        )}
      </div>
    </Card>
  );
}
