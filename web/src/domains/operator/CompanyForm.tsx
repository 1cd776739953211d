import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../platform/ui/feedback';
import { validated } from '../../platform/ui/validated';
import { type Company, previewMove, saveCompany, versionPage } from './api';

interface Values {
  name: string;
  code?: string;
  username?: string;
  peoplename?: string;
  password?: string;
  versionId?: number | null;
  expiry?: Dayjs | null;
  userLimit?: number | null;
  isMes?: boolean;
  contact?: string;
  phone?: string;
  language?: string;
}

/** Create a company with its administrator, or change its name, version, expiry date and user limit. */
export function CompanyForm({
  company,
  onClose,
  onSaved,
}: {
  company: Partial<Company>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('operator');
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const versions = useQuery({ queryKey: ['op-version-options'], queryFn: () => versionPage({ page: 1, limit: 100 }) });
  const creating = !company.id;
  const required = (label: string) => [{ required: true, message: t('form.required', { label }) }];

  const submit = async () => {
    const v = await validated(form);
    if (!v) return;
    const { expiry, ...rest } = v;
    setSaving(true);
    try {
      if (!creating && v.versionId && v.versionId !== company.versionId && !(await confirmVersionChange(v.versionId)))
        return;
      await saveCompany({
        ...(creating ? {} : { id: company.id, updatedAt: company.updatedAt }),
        ...rest,
        expiryDate: expiry ? expiry.format('YYYY-MM-DD') : null,
      });
      toast('success', t('messages.saved'));
      onSaved();
    } catch {
      // Shown by the client.
    } finally {
      setSaving(false);
    }
  };

  /** A new version changes the company's menus: say how before saving. */
  const confirmVersionChange = async (versionId: number): Promise<boolean> => {
    const plan = (await previewMove(versionId, [company.id!])).data;
    return new Promise((resolve) =>
      Modal.confirm({
        title: t('company.versionChange'),
        content: t('version.move.summary', { count: 1, added: plan.added, removed: plan.removed }),
        okText: t('actions.save'),
        cancelText: t('actions.cancel'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      }),
    );
  };

  return (
    <Modal
      open
      title={t(creating ? 'company.add' : 'company.edit')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ 'data-testid': 'company-form-save' }}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          ...company,
          expiry: company.expiryDate ? dayjs(company.expiryDate) : null,
          language: company.language ?? 'zh',
          isMes: company.isMes ?? false,
        }}
      >
        <Form.Item name="name" label={t('company.fields.name')} rules={required(t('company.fields.name'))}>
          <Input maxLength={100} data-testid="company-field-name" />
        </Form.Item>
        {creating && (
          <>
            <Form.Item name="code" label={t('company.fields.code')} rules={required(t('company.fields.code'))}>
              <Input maxLength={50} data-testid="company-field-code" />
            </Form.Item>
            <Form.Item
              name="username"
              label={t('company.fields.adminUser')}
              rules={required(t('company.fields.adminUser'))}
            >
              <Input maxLength={50} autoComplete="off" data-testid="company-field-username" />
            </Form.Item>
            <Form.Item
              name="peoplename"
              label={t('company.fields.adminName')}
              rules={required(t('company.fields.adminName'))}
            >
              <Input maxLength={50} data-testid="company-field-peoplename" />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('company.fields.password')}
              rules={required(t('company.fields.password'))}
            >
              <Input.Password maxLength={50} autoComplete="new-password" data-testid="company-field-password" />
            </Form.Item>
          </>
        )}
        <Form.Item name="versionId" label={t('company.fields.version')}>
          <Select
            allowClear
            loading={versions.isLoading}
            placeholder={t('company.defaultVersion')}
            options={(versions.data?.rows ?? []).map((x) => ({ value: x.id, label: x.name }))}
            data-testid="company-field-version"
          />
        </Form.Item>
        <Form.Item name="expiry" label={t('company.fields.expiryDate')}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="userLimit" label={t('company.fields.userLimit')}>
          <InputNumber
            min={1}
            max={100000}
            precision={0}
            style={{ width: '100%' }}
            placeholder={t('company.noLimit')}
          />
        </Form.Item>
        <Form.Item
          name="isMes"
          label={t('company.fields.isMes')}
          extra={t('company.isMesHint')}
          valuePropName="checked"
        >
          <Switch data-testid="company-is-mes" />
        </Form.Item>
        <Form.Item name="contact" label={t('company.fields.contact')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="phone" label={t('company.fields.phone')}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="language" label={t('company.fields.language')}>
          <Select
            options={[
              { value: 'zh', label: '中文' },
              { value: 'en', label: 'English' },
              { value: 'tw', label: '繁體中文' },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
