import { EditOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Form, Image, Input, Select, Skeleton, Space } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission, useSession } from '../../app/session';
import { COMPANY_MANAGE } from '../../layout/UserMenu';
import { buildUrl, getData, http } from '../../platform/http/client';
import { LANGS } from '../../platform/preferences';
import { toast } from '../../platform/ui/feedback';
import { LANG_LABELS } from '../../platform/ui/LanguageSwitch';
import './shell-pages.css';

interface Company {
  id: number;
  name: string;
  code?: string;
  logo?: string | null;
  contact?: string | null;
  phone?: string | null;
  address?: string | null;
  expiryDate?: string | null;
  language?: string | null;
  timezone?: string | null;
  updatedAt?: string | null;
}

type CompanyForm = Pick<Company, 'name' | 'logo' | 'contact' | 'phone' | 'address' | 'language' | 'timezone'>;

const KEY = ['company', 'own'];

/** 基础信息: the company's own data; editable with back:company:manage (spec 2.3, 2.5). */
export default function CompanyInfoPage() {
  const { t } = useTranslation('shell');
  const session = useSession();
  const canEdit = hasPermission(COMPANY_MANAGE, session);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<CompanyForm>();
  // The updatedAt the form was filled from: the server refuses the save when someone has saved since.
  const readAt = useRef<string | null | undefined>(null);
  const { data, isLoading, isFetching } = useQuery({
    queryKey: KEY,
    queryFn: () => getData<Company>('/api-user/company/getCompanyData'),
  });
  const save = useMutation({
    mutationFn: (values: CompanyForm) =>
      http.post('/api-user/company/updateTemp', { ...values, updatedAt: readAt.current }),
    onSuccess: () => {
      toast('success', t('company.saved'));
      setEditing(false);
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
  });

  if (isLoading || !data) {
    return (
      <Card variant="borderless" className="shell-page">
        <Skeleton active />
      </Card>
    );
  }
  const logoSrc = data.logo ? (/^https?:/.test(data.logo) ? data.logo : buildUrl(data.logo)) : '';
  const timezones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

  return (
    <Card
      variant="borderless"
      className="shell-page"
      title={t('company.title')}
      data-testid="company-info"
      extra={
        canEdit && !editing ? (
          <Button
            type="primary"
            icon={<EditOutlined />}
            // Until a refetch after a save has come, the page shows (and the form would send) the record as it was.
            disabled={isFetching}
            onClick={() => {
              form.setFieldsValue(data);
              readAt.current = data.updatedAt;
              setEditing(true);
            }}
            data-testid="company-edit"
          >
            {t('common:actions.edit')}
          </Button>
        ) : null
      }
    >
      {editing ? (
        <Form<CompanyForm> form={form} layout="vertical" onFinish={(v) => save.mutate(v)} className="company-form">
          <Form.Item
            name="name"
            label={t('company.name')}
            rules={[{ required: true, whitespace: true, message: t('company.nameRequired') }]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item
            name="logo"
            label={t('company.logo')}
            rules={[{ pattern: /^$|^(https?:\/\/|\/)/, message: t('company.logoInvalid') }]}
          >
            <Input placeholder="https://…" maxLength={500} />
          </Form.Item>
          <Space size={16} wrap className="company-form__row">
            <Form.Item name="contact" label={t('company.contact')}>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item name="phone" label={t('company.phone')}>
              <Input maxLength={30} />
            </Form.Item>
          </Space>
          <Form.Item name="address" label={t('company.address')}>
            <Input maxLength={200} />
          </Form.Item>
          <Space size={16} wrap className="company-form__row">
            <Form.Item name="language" label={t('company.language')}>
              <Select style={{ width: 200 }} options={LANGS.map((l) => ({ value: l, label: LANG_LABELS[l] }))} />
            </Form.Item>
            <Form.Item name="timezone" label={t('company.timezone')}>
              <Select style={{ width: 260 }} showSearch options={timezones.map((z) => ({ value: z, label: z }))} />
            </Form.Item>
          </Space>
          <Space>
            <Button onClick={() => setEditing(false)}>{t('common:actions.cancel')}</Button>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="company-save">
              {t('common:actions.save')}
            </Button>
          </Space>
        </Form>
      ) : (
        <Descriptions bordered column={{ xs: 1, md: 2 }} size="middle">
          <Descriptions.Item label={t('company.name')}>{data.name}</Descriptions.Item>
          <Descriptions.Item label={t('company.code')}>{data.code || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('company.logo')}>
            {logoSrc ? <Image src={logoSrc} height={40} alt="" /> : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('company.expiry')}>
            {data.expiryDate ? dayjs(data.expiryDate).format('YYYY-MM-DD') : t('company.noExpiry')}
          </Descriptions.Item>
          <Descriptions.Item label={t('company.contact')}>{data.contact || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('company.phone')}>{data.phone || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('company.address')} span={2}>
            {data.address || '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('company.language')}>
            {data.language && data.language in LANG_LABELS
              ? LANG_LABELS[data.language as keyof typeof LANG_LABELS]
              : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('company.timezone')}>{data.timezone || '—'}</Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
