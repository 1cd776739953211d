import { CheckCircleFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, InputNumber, Radio, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { HttpError } from '../../platform/http/client';
import { setLanguage } from '../../platform/i18n';
import { LanguageSwitch } from '../../platform/ui/LanguageSwitch';
import { validated } from '../../platform/ui/validated';
import { browserLang } from '../repair/public-report-api';
import { fetchPublicHealth, HEALTH_STATES, type PublicSurvey, sendPublicSurvey } from './api';
import './health.css';

/** The phone keeps who registered last, so tomorrow's registration starts with the number and name filled in. */
const REMEMBERED = 'health-survey-person';
const remembered = (): Partial<PublicSurvey> => {
  try {
    const v = JSON.parse(localStorage.getItem(REMEMBERED) ?? '{}') as Partial<PublicSurvey>;
    return {
      number: typeof v.number === 'string' ? v.number : undefined,
      name: typeof v.name === 'string' ? v.name : undefined,
    };
  } catch {
    return {};
  }
};

/**
 * /survey/:token (no login): the day's health registration from the tenant's poster, phone first. The person
 * names themselves by job number (or login name) and name; a second registration the same day updates the first.
 */
export default function PublicSurveyPage() {
  const { t } = useTranslation('health');
  const token = useParams().token ?? '';
  const [form] = Form.useForm<PublicSurvey>();
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<{ msg: string; flagged: boolean } | null>(null);

  useEffect(() => {
    const lang = browserLang();
    if (lang) void setLanguage(lang);
  }, []);

  const view = useQuery({ queryKey: ['public-health', token], queryFn: () => fetchPublicHealth(token), retry: false });

  const submit = async () => {
    const values = await validated(form);
    if (!values) return;
    setSending(true);
    try {
      const body = { ...values, number: values.number.trim(), name: values.name.trim() };
      if (!body.location?.trim()) delete body.location;
      const r = await sendPublicSurvey(token, body);
      localStorage.setItem(REMEMBERED, JSON.stringify({ number: body.number, name: body.name }));
      setDone({ msg: r.msg, flagged: r.flagged });
    } catch {
      // the client has shown the translated refusal (a field, a name that does not match, too many tries)
    } finally {
      setSending(false);
    }
  };

  const header = (
    <div className="public-survey-top">
      <span className="public-survey-brand">{t('public.title')}</span>
      <LanguageSwitch />
    </div>
  );
  if (view.isLoading)
    return (
      <div className="public-survey">
        {header}
        <Spin className="resource-loading" />
      </div>
    );
  if (!view.data) {
    const unknown = view.error instanceof HttpError && view.error.status === 404;
    return (
      <div className="public-survey">
        {header}
        <Result
          status={unknown ? '404' : 'warning'}
          title={t(unknown ? 'public.unknown' : 'public.failed')}
          data-testid="public-survey-unknown"
        />
      </div>
    );
  }
  const states = HEALTH_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }));
  return (
    <div className="public-survey" data-testid="public-survey">
      {header}
      <div className="public-survey-company">
        {view.data.companyName} · {t('public.day', { day: view.data.today })}
      </div>
      {done ? (
        <Result
          status="success"
          icon={<CheckCircleFilled />}
          title={done.msg}
          subTitle={done.flagged ? <Alert type="warning" showIcon message={t('public.flagged')} /> : undefined}
          extra={<Button onClick={() => setDone(null)}>{t('public.again')}</Button>}
          data-testid="public-survey-done"
        />
      ) : (
        <Card size="small">
          <Form
            form={form}
            layout="vertical"
            initialValues={{ personalHealth: 'healthy', familyHealth: 'healthy', contact: false, ...remembered() }}
          >
            <Form.Item
              name="number"
              label={t('public.number')}
              extra={t('public.numberHint')}
              rules={[{ required: true, whitespace: true, message: t('public.required') }]}
            >
              <Input maxLength={50} autoComplete="username" data-testid="public-survey-number" />
            </Form.Item>
            <Form.Item
              name="name"
              label={t('public.name')}
              rules={[{ required: true, whitespace: true, message: t('public.required') }]}
            >
              <Input maxLength={50} autoComplete="name" data-testid="public-survey-name" />
            </Form.Item>
            <Form.Item
              name="temperature"
              label={t('public.temperature')}
              rules={[{ required: true, message: t('public.temperatureRange') }]}
            >
              <InputNumber
                min={34}
                max={43}
                step={0.1}
                precision={1}
                inputMode="decimal"
                style={{ width: '100%' }}
                placeholder="36.5"
                data-testid="public-survey-temperature"
              />
            </Form.Item>
            <Form.Item name="personalHealth" label={t('public.personalHealth')}>
              <Radio.Group options={states} optionType="button" />
            </Form.Item>
            <Form.Item name="familyHealth" label={t('public.familyHealth')}>
              <Radio.Group options={states} optionType="button" />
            </Form.Item>
            <Form.Item name="contact" label={t('public.contact')}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: false, label: t('public.no') },
                  { value: true, label: t('public.yes') },
                ]}
                data-testid="public-survey-contact"
              />
            </Form.Item>
            <Form.Item name="location" label={t('public.location')}>
              <Input maxLength={200} placeholder={t('public.locationHint')} />
            </Form.Item>
            <Button
              type="primary"
              size="large"
              block
              loading={sending}
              onClick={() => void submit().catch(() => undefined)}
              data-testid="public-survey-submit"
            >
              {t('public.submit')}
            </Button>
          </Form>
        </Card>
      )}
    </div>
  );
}
