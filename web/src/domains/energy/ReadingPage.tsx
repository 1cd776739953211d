import { CameraOutlined, ScanOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input, Radio, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type Envelope, http } from '../../platform/http/client';
import { toast } from '../../platform/ui/feedback';
import { FileInput } from '../../resources/FileInput';
import type { Row } from '../../resources/types';
import { barcodeDetector, codeInPhoto } from '../check/scan-code';
import { fetchMeterByCode, meterCodeOf } from './api';
import './energy.css';

const NUMBER = /^\d{1,14}(\.\d{1,4})?$/;

interface Values {
  value: string;
  kind: 'normal' | 'replacement' | 'rollover';
  oldFinalValue?: string;
  photo?: unknown;
  remark?: string;
}

/**
 * /energy/read: the reading page for a phone. The meter's QR label opens it with its code (or the code is scanned
 * or typed here); the last reading shows, the new one is entered with a photo of the register. With ?route= (codes
 * in the order of a walk) it goes on to the next meter once a reading is saved.
 */
export default function ReadingPage() {
  const { t } = useTranslation('energy');
  const [params, setParams] = useSearchParams();
  const route = (params.get('route') ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  const code = params.get('code') ?? route[0] ?? '';
  const [text, setText] = useState(code);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [flagged, setFlagged] = useState<string | null>(null);
  const photo = useRef<HTMLInputElement>(null);
  const camera = barcodeDetector() !== null;
  const meter = useQuery({
    queryKey: ['energy-meter-code', code],
    queryFn: () => fetchMeterByCode(code),
    enabled: !!code,
    retry: false,
  });
  const kind = Form.useWatch('kind', form) ?? 'normal';
  const open = (scan: string) => {
    const c = meterCodeOf(scan);
    if (!c) return;
    setText(c);
    setFlagged(null);
    form.resetFields();
    const next = new URLSearchParams(params);
    next.set('code', c);
    setParams(next, { replace: true });
  };
  const readPhoto = async (file: File | undefined) => {
    if (!file) return;
    const value = await codeInPhoto(file).catch(() => null);
    if (value) open(value);
    else toast('warning', t('read.noCodeInPhoto'));
  };
  const m = meter.data;
  const save = async (v: Values) => {
    if (!m) return;
    setSaving(true);
    try {
      const saved = await http.post<Envelope<Row>>('/api-manage/energys/reading/save', {
        meterId: m.id,
        readAt: new Date().toISOString(),
        value: v.value,
        kind: v.kind,
        oldFinalValue: v.kind === 'replacement' ? v.oldFinalValue : null,
        photo: v.photo ?? null,
        remark: v.remark ?? null,
      });
      const stored = await http.get<Envelope<Row>>('/api-manage/energys/reading/get', { id: saved.data.id });
      toast('success', t('read.saved', { code: m.code }));
      setFlagged(stored.data.flagged ? m.code : null);
      await meter.refetch();
      form.resetFields();
      const at = route.indexOf(m.code);
      if (at >= 0 && at + 1 < route.length) open(route[at + 1]!);
    } catch {
      // The HTTP client has shown the server's message (which names the field).
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="energy-read" data-testid="energy-read">
      <Typography.Paragraph type="secondary">{t('read.intro')}</Typography.Paragraph>
      <Input.Search
        size="large"
        allowClear
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('read.placeholder')}
        aria-label={t('read.placeholder')}
        enterButton={
          <>
            <ScanOutlined /> {t('read.find')}
          </>
        }
        onSearch={open}
        data-testid="energy-read-code"
      />
      {camera && (
        <>
          <Button size="large" icon={<CameraOutlined />} onClick={() => photo.current?.click()}>
            {t('read.camera')}
          </Button>
          <input
            ref={photo}
            type="file"
            accept="image/*"
            capture="environment"
            hidden
            onChange={(e) => {
              void readPhoto(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </>
      )}
      {route.length > 1 && (
        <Typography.Text>
          {t('read.route', { at: Math.max(route.indexOf(code), 0) + 1, count: route.length })}
        </Typography.Text>
      )}
      {flagged && <Alert type="warning" showIcon title={t('read.flagged', { code: flagged })} />}
      {m && (
        <Card size="small" title={`${m.code} ${m.name}`} data-testid="energy-read-meter">
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('read.type')}>
              {m.energyTypeName} {m.unit ? `(${m.unit})` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('read.multiplier')}>{m.multiplier}</Descriptions.Item>
            <Descriptions.Item label={t('read.last')}>
              {m.lastValue === null
                ? t('read.noneYet')
                : `${m.lastValue} · ${new Date(String(m.lastReadAt)).toLocaleString()}`}
            </Descriptions.Item>
          </Descriptions>
          <Form form={form} layout="vertical" initialValues={{ kind: 'normal' }} onFinish={save}>
            <Form.Item
              name="value"
              label={t('read.value')}
              rules={[{ required: true, pattern: NUMBER, message: t('read.badNumber') }]}
            >
              <Input inputMode="decimal" size="large" autoFocus data-testid="energy-read-value" />
            </Form.Item>
            <Form.Item name="kind" label={t('read.kind')}>
              <Radio.Group
                options={(['normal', 'replacement', 'rollover'] as const).map((k) => ({
                  value: k,
                  label: t(`read.kinds.${k}`),
                }))}
              />
            </Form.Item>
            {kind === 'replacement' && (
              <Form.Item
                name="oldFinalValue"
                label={t('read.oldFinal')}
                rules={[{ required: true, pattern: NUMBER, message: t('read.badNumber') }]}
              >
                <Input inputMode="decimal" />
              </Form.Item>
            )}
            <Form.Item name="photo" label={t('read.photo')}>
              <FileInput kind="image" testId="energy-read-photo" />
            </Form.Item>
            <Form.Item name="remark" label={t('read.remark')} rules={[{ max: 500 }]}>
              <Input />
            </Form.Item>
            <Button type="primary" size="large" block htmlType="submit" loading={saving} data-testid="energy-read-save">
              {t('read.save')}
            </Button>
          </Form>
        </Card>
      )}
    </div>
  );
}
