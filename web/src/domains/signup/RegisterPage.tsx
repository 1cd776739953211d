import { Alert, Button, Form, Input, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { beginSession } from '../../app/session';
import { HttpError, http } from '../../platform/http/client';
import { checkConfirm, checkNewPassword, stripChinese } from '../../platform/password/rules';
import { toast } from '../../platform/ui/feedback';
import { LanguageSwitch } from '../../platform/ui/LanguageSwitch';
import { LogoMark } from '../shell/LogoMark';
import { SmsCodeInput } from './SmsCodeInput';
import '../shell/login.css';
import './signup.css';

type Mode = 'company' | 'join';

interface RegisterForm {
  companyName?: string;
  inviteCode?: string;
  peoplename: string;
  phone: string;
  smsCode: string;
  username: string;
  password: string;
  verifypassword: string;
}

interface InvitedOrg {
  organizationName: string;
  companyName: string;
}

const PHONE = /^\+?[0-9]{6,15}$/;
const FORM_FIELDS: readonly (keyof RegisterForm)[] = [
  'companyName',
  'inviteCode',
  'peoplename',
  'phone',
  'smsCode',
  'username',
  'password',
  'verifypassword',
];

/** The organisation an invite code joins; null (after the client's toast) when the code is not valid. */
async function fetchInvite(code: string | undefined): Promise<InvitedOrg | null> {
  if (!code?.trim()) return null;
  try {
    const r = await http.get<{ data: InvitedOrg }>('/api-user/users-anon/getOrgByInviteCode', {
      inviteCode: code.trim(),
    });
    return r.data;
  } catch {
    return null;
  }
}

/**
 * /register: a new company signs up for a trial, or a person joins an organisation with the invite code an
 * administrator gave them (?inviteCode=... opens that tab filled in). Both confirm the phone with an SMS code
 * and log in straight away.
 */
export default function RegisterPage() {
  const { t } = useTranslation(['signup', 'password']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>(params.get('inviteCode') ? 'join' : 'company');
  const [form] = Form.useForm<RegisterForm>();
  const [invited, setInvited] = useState<InvitedOrg | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const lookUpInvite = async (code: string | undefined) => {
    setInvited(null);
    setInvited(await fetchInvite(code));
  };

  useEffect(() => {
    const code = params.get('inviteCode');
    if (code) {
      form.setFieldValue('inviteCode', code);
      void fetchInvite(code).then(setInvited);
    }
  }, [params, form]);

  const phone = async () => {
    try {
      const { phone } = await form.validateFields(['phone']);
      return phone;
    } catch {
      return null;
    }
  };

  const submit = async (v: RegisterForm) => {
    setSubmitting(true);
    const password = stripChinese(v.password);
    const common = {
      peoplename: v.peoplename.trim(),
      phone: v.phone,
      smsCode: v.smsCode,
      username: v.username.trim(),
      password,
      verifypassword: stripChinese(v.verifypassword),
    };
    try {
      if (mode === 'company') await http.post('/api-user/company/register', { ...common, companyName: v.companyName });
      else await http.post('/api-user/users/register', { ...common, inviteCode: v.inviteCode?.trim() });
      toast('success', t(mode === 'company' ? 'companyDone' : 'joinDone'));
      const answer = await http.post<{ access_token: string; refresh_token?: string }>('/sys/login', {
        username: common.username,
        password,
      });
      beginSession(answer);
      navigate('/', { replace: true });
    } catch (err) {
      // The HTTP client has shown the message; a field error is also marked on its field.
      if (err instanceof HttpError) {
        const field = (err.body as { field?: string } | null)?.field;
        if (field && FORM_FIELDS.includes(field as keyof RegisterForm))
          form.setFields([{ name: field as keyof RegisterForm, errors: [err.message] }]);
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="login-page login-page--eam signup-page" data-testid="register-page">
      <div className="login-toolbar">
        <LanguageSwitch className="login-lang" showLabel />
      </div>
      <main className="signup-card">
        <div className="signup-card__head">
          <LogoMark size={40} />
          <h2 className="login-card__title">{t('title')}</h2>
        </div>
        <Tabs
          activeKey={mode}
          onChange={(k) => setMode(k as Mode)}
          items={[
            { key: 'company', label: <span data-testid="register-tab-company">{t('companyTab')}</span> },
            { key: 'join', label: <span data-testid="register-tab-join">{t('joinTab')}</span> },
          ]}
        />
        <Form<RegisterForm> form={form} layout="vertical" requiredMark={false} onFinish={submit} autoComplete="on">
          {mode === 'company' ? (
            <Form.Item
              name="companyName"
              label={t('companyName')}
              rules={[{ required: true, whitespace: true, max: 100, message: t('companyNameRequired') }]}
            >
              <Input placeholder={t('companyNamePlaceholder')} data-testid="register-company-name" />
            </Form.Item>
          ) : (
            <>
              <Form.Item
                name="inviteCode"
                label={t('inviteCode')}
                rules={[{ required: true, whitespace: true, message: t('inviteCodeRequired') }]}
              >
                <Input
                  placeholder={t('inviteCodePlaceholder')}
                  onBlur={(e) => lookUpInvite(e.target.value)}
                  data-testid="register-invite-code"
                />
              </Form.Item>
              {invited && (
                <Alert
                  type="info"
                  showIcon
                  className="signup-invited"
                  data-testid="register-invited"
                  title={t('joining', { organization: invited.organizationName, company: invited.companyName })}
                />
              )}
            </>
          )}
          <Form.Item
            name="peoplename"
            label={t('peoplename')}
            rules={[{ required: true, whitespace: true, max: 50, message: t('peoplenameRequired') }]}
          >
            <Input autoComplete="name" data-testid="register-peoplename" />
          </Form.Item>
          <Form.Item
            name="phone"
            label={t('phone')}
            rules={[
              { required: true, message: t('phoneRequired') },
              { pattern: PHONE, message: t('phoneInvalid') },
            ]}
          >
            <Input inputMode="tel" autoComplete="tel" data-testid="register-phone" />
          </Form.Item>
          <Form.Item
            name="smsCode"
            label={t('smsCode')}
            rules={[{ required: true, len: 6, message: t('smsCodeRequired') }]}
          >
            <SmsCodeInput phone={phone} purpose={mode === 'company' ? 'companyRegister' : 'register'} />
          </Form.Item>
          <Form.Item
            name="username"
            label={t('username')}
            rules={[
              { required: true, whitespace: true, message: t('usernameRequired') },
              { pattern: /^[^\s#]{2,50}$/, message: t('usernameInvalid') },
            ]}
          >
            <Input autoComplete="username" data-testid="register-username" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('password:new')}
            rules={[
              {
                validator: async (_r, value: string | undefined) => {
                  const key = checkNewPassword(value ? stripChinese(value) : value);
                  if (key) throw new Error(t(`password:${key}`));
                },
              },
            ]}
          >
            <Input.Password
              placeholder={t('password:newPlaceholder')}
              autoComplete="new-password"
              data-testid="register-password"
            />
          </Form.Item>
          <Form.Item
            name="verifypassword"
            label={t('password:confirm')}
            dependencies={['password']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_r, value: string | undefined) => {
                  const key = checkConfirm(value, getFieldValue('password'));
                  if (key) throw new Error(t(`password:${key}`));
                },
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" data-testid="register-verifypassword" />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            block
            size="large"
            loading={submitting}
            data-testid="register-submit"
          >
            {t(mode === 'company' ? 'submitCompany' : 'submitJoin')}
          </Button>
        </Form>
        <p className="signup-card__foot">
          {t('haveAccount')} <Link to="/login">{t('toLogin')}</Link>
        </p>
      </main>
    </div>
  );
}
