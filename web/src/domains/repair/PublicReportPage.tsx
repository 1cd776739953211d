import { CameraOutlined, CheckCircleFilled, DeleteOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Input, List, Radio, Result, Spin, Switch, Tag } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { HttpError } from '../../platform/http/client';
import { setLanguage } from '../../platform/i18n';
import { LanguageSwitch } from '../../platform/ui/LanguageSwitch';
import {
  browserLang,
  fetchPublicView,
  type PublicReport,
  sendPublicReport,
  uploadPublicPhoto,
} from './public-report-api';
import './public-report.css';
import { validated } from '../../platform/ui/validated';

const MAX_PHOTOS = 6;
const URGENCIES = ['urgent', 'high', 'normal'] as const;

/**
 * /report/:token (no login): a machine's breakdown report from its QR label, phone first. It lists the
 * machine's open orders (so nobody reports twice), takes the report with photos, and shows the new order's code.
 */
export default function PublicReportPage() {
  const { t } = useTranslation('repair');
  const token = useParams().token ?? '';
  const [form] = Form.useForm<Omit<PublicReport, 'pictures'>>();
  const [photos, setPhotos] = useState<{ id: number; name: string }[]>([]);
  const [uploading, setUploading] = useState(false);
  const [sending, setSending] = useState(false);
  const [code, setCode] = useState<string | null>(null);

  useEffect(() => {
    const lang = browserLang();
    if (lang) void setLanguage(lang);
  }, []);

  const view = useQuery({
    queryKey: ['public-report', token],
    queryFn: () => fetchPublicView(token),
    retry: false,
  });

  const addPhoto = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const saved = await uploadPublicPhoto(token, file);
      setPhotos((p) => [...p, saved]);
    } catch {
      // the client has shown the refusal
    } finally {
      setUploading(false);
    }
  };

  const submit = async () => {
    const values = await validated(form);
    if (!values) return;
    setSending(true);
    try {
      const r = await sendPublicReport(token, {
        ...values,
        phenomenon: values.phenomenon.trim(),
        reporterName: values.reporterName?.trim() || undefined,
        pictures: photos.map((p) => ({ id: p.id })),
      });
      setCode(r.code);
    } catch {
      // the client has shown the translated refusal (too many reports, a bad field)
    } finally {
      setSending(false);
    }
  };

  const header = (
    <div className="public-report-top">
      <span className="public-report-brand">{t('public.title')}</span>
      <LanguageSwitch />
    </div>
  );

  if (view.isLoading)
    return (
      <div className="public-report">
        {header}
        <Spin className="resource-loading" />
      </div>
    );
  if (!view.data) {
    const unknown = view.error instanceof HttpError && view.error.status === 404;
    return (
      <div className="public-report">
        {header}
        <Result
          status={unknown ? '404' : 'warning'}
          title={t(unknown ? 'public.unknown' : 'public.failed')}
          data-testid="public-report-unknown"
        />
      </div>
    );
  }
  const { equipment, openOrders } = view.data;
  const place = [equipment.workshopName, equipment.lineName].filter(Boolean).join(' / ');

  return (
    <div className="public-report" data-testid="public-report">
      {header}
      <Card size="small" className="public-report-machine" data-testid="public-report-machine">
        <div className="public-report-name">{equipment.name}</div>
        <div className="public-report-code">{equipment.code}</div>
        {place && <div className="public-report-place">{place}</div>}
      </Card>

      {code ? (
        <Result
          status="success"
          icon={<CheckCircleFilled />}
          title={t('public.done')}
          subTitle={
            <span>
              {t('public.code')} <strong data-testid="public-report-code">{code}</strong>
            </span>
          }
          extra={
            <Button
              onClick={() => {
                setCode(null);
                setPhotos([]);
                form.resetFields();
                void view.refetch();
              }}
            >
              {t('public.again')}
            </Button>
          }
        />
      ) : (
        <>
          <Card size="small" title={t('public.open', { n: openOrders.length })} className="public-report-open">
            {openOrders.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('public.noOpen')} />
            ) : (
              <List
                size="small"
                dataSource={openOrders}
                data-testid="public-report-orders"
                renderItem={(o) => (
                  <List.Item>
                    <List.Item.Meta
                      title={
                        <span>
                          {o.code} <Tag color="processing">{o.stateName}</Tag>
                        </span>
                      }
                      description={
                        <>
                          <div>{o.phenomenon}</div>
                          <div className="public-report-time">{dayjs(o.reportedAt).format('MM-DD HH:mm')}</div>
                        </>
                      }
                    />
                  </List.Item>
                )}
              />
            )}
          </Card>

          <Card size="small" title={t('public.form')}>
            <Form form={form} layout="vertical" initialValues={{ stopped: false, urgency: 'normal' }}>
              <Form.Item
                name="phenomenon"
                label={t('public.phenomenon')}
                rules={[{ required: true, whitespace: true, message: t('public.phenomenonRequired') }]}
              >
                <Input.TextArea
                  rows={4}
                  maxLength={2000}
                  placeholder={t('public.phenomenonHint')}
                  data-testid="public-report-phenomenon"
                />
              </Form.Item>
              <Form.Item name="stopped" label={t('public.stopped')} valuePropName="checked">
                <Switch data-testid="public-report-stopped" />
              </Form.Item>
              <Form.Item name="urgency" label={t('public.urgency')}>
                <Radio.Group optionType="button" buttonStyle="solid" className="public-report-urgency">
                  {URGENCIES.map((u) => (
                    <Radio.Button key={u} value={u}>
                      {t(`public.urgencies.${u}`)}
                    </Radio.Button>
                  ))}
                </Radio.Group>
              </Form.Item>
              <Form.Item name="reporterName" label={t('public.reporter')}>
                <Input maxLength={50} autoComplete="name" data-testid="public-report-name" />
              </Form.Item>
              <Form.Item label={t('public.photos')}>
                <div className="public-report-photos">
                  {photos.map((p) => (
                    <Tag
                      key={p.id}
                      closable
                      closeIcon={<DeleteOutlined />}
                      onClose={() => setPhotos((all) => all.filter((x) => x.id !== p.id))}
                    >
                      {p.name}
                    </Tag>
                  ))}
                  {photos.length < MAX_PHOTOS && (
                    <span className="public-report-camera">
                      <input
                        type="file"
                        accept="image/*"
                        capture="environment"
                        style={{ display: 'none' }}
                        data-testid="public-report-photo"
                        onChange={(e) => {
                          void addPhoto(e.target.files?.[0]);
                          e.target.value = '';
                        }}
                      />
                      <Button
                        icon={<CameraOutlined />}
                        loading={uploading}
                        onClick={(e) => e.currentTarget.parentElement?.querySelector('input')?.click()}
                      >
                        {t('public.addPhoto')}
                      </Button>
                    </span>
                  )}
                </div>
              </Form.Item>
              <Button
                type="primary"
                size="large"
                block
                loading={sending}
                onClick={() => void submit().catch(() => undefined)}
                data-testid="public-report-submit"
              >
                {t('public.submit')}
              </Button>
            </Form>
          </Card>
        </>
      )}
    </div>
  );
}
