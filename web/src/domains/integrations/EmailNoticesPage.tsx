import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../platform/ui/feedback';
import { type EmailPreferences, myEmailPreferences, saveEmailPreferences, showFieldError } from './api';
import './integrations.css';

const LANGS = ['zh', 'en', 'tw'] as const;

/** /emailNotices: which of my notices I also get by e-mail (batched into digests), and in which language. */
export default function EmailNoticesPage() {
  const { t } = useTranslation('integrations');
  const mine = useQuery({ queryKey: ['integrations-email'], queryFn: myEmailPreferences });
  return (
    <Card size="small" title={t('email.title')} data-testid="email-notices-page" className="integrations-narrow">
      {mine.data && <PreferencesForm initial={mine.data} onSaved={() => mine.refetch()} />}
    </Card>
  );
}

export function PreferencesForm({ initial, onSaved }: { initial: EmailPreferences; onSaved: () => void }) {
  const { t } = useTranslation('integrations');
  const [form] = Form.useForm<{ kinds: string[]; lang: string }>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const v = form.getFieldsValue();
    setSaving(true);
    try {
      await saveEmailPreferences({ kinds: v.kinds ?? [], lang: v.lang });
      toast('success', t('email.saved'));
      onSaved();
    } catch (err) {
      showFieldError(form, err, ['kinds']);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form form={form} layout="vertical" initialValues={{ kinds: initial.kinds, lang: initial.lang }}>
      {initial.email ? (
        <Alert type="info" showIcon title={t('email.sentTo', { email: initial.email })} className="integrations-gap" />
      ) : (
        <Alert type="warning" showIcon title={t('email.noAddress')} className="integrations-gap" />
      )}
      <p className="integrations-hint">{t('email.hint')}</p>
      <Form.Item name="kinds" label={t('email.kinds')}>
        <Checkbox.Group
          className="integrations-checks"
          options={initial.choices.map((c) => ({ value: c.kind, label: c.label }))}
        />
      </Form.Item>
      <Form.Item name="lang" label={t('email.lang')}>
        <Select options={LANGS.map((l) => ({ value: l, label: t(`email.langs.${l}`) }))} />
      </Form.Item>
      <Button type="primary" loading={saving} onClick={save} data-testid="email-save">
        {t('email.save')}
      </Button>
    </Form>
  );
}
