import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buildTitleKey, isOpsBuild } from '../../app/app-title';
import { safeRedirect } from '../../app/RouteGuard';
import { beginSession } from '../../app/session';
import { http } from '../../platform/http/client';
import { LanguageSwitch } from '../../platform/ui/LanguageSwitch';
import { BrandArt } from './BrandArt';
import { LogoMark } from './LogoMark';
import './login.css';

interface LoginAnswer {
  access_token: string;
  refresh_token?: string;
  token_type?: string;
  expires_in?: number;
}

interface LoginForm {
  username: string;
  password: string;
}

export default function LoginPage() {
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [submitting, setSubmitting] = useState(false);
  const ops = isOpsBuild();

  const submit = async ({ username, password }: LoginForm) => {
    setSubmitting(true);
    try {
      const answer = await http.post<LoginAnswer>('/sys/login', { username: username.trim(), password });
      beginSession(answer);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch {
      // The HTTP client has shown the warning (spec 8).
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div
      className={`login-page ${ops ? 'login-page--ops' : 'login-page--eam'}`}
      data-testid="login-page"
      data-ops={ops ? '1' : '0'}
    >
      <div className="login-toolbar">
        <LanguageSwitch className="login-lang" showLabel />
      </div>
      <section className="login-brand">
        <div className="login-brand__head">
          <LogoMark size={40} />
          <span className="login-brand__name">{t(`common:${buildTitleKey()}`)}</span>
        </div>
        <h1 className="login-brand__headline">{t(ops ? 'headlineOps' : 'headline')}</h1>
        <p className="login-brand__text">{t(ops ? 'taglineOps' : 'tagline')}</p>
        <BrandArt />
      </section>
      <main className="login-panel">
        <div className="login-card">
          <div className="login-card__logo">
            <LogoMark size={44} />
          </div>
          <h2 className="login-card__title">{t('welcome')}</h2>
          <p className="login-card__subtitle">{t('subtitle', { title: t(`common:${buildTitleKey()}`) })}</p>
          <Form<LoginForm> layout="vertical" size="large" requiredMark={false} onFinish={submit} autoComplete="on">
            <Form.Item
              name="username"
              label={t('username')}
              rules={[{ required: true, whitespace: true, message: t('usernameRequired') }]}
            >
              <Input
                prefix={<UserOutlined />}
                placeholder={t('usernamePlaceholder')}
                autoComplete="username"
                data-testid="login-username"
              />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('password')}
              rules={[{ required: true, message: t('passwordRequired') }]}
            >
              <Input.Password
                prefix={<LockOutlined />}
                placeholder={t('passwordPlaceholder')}
                autoComplete="current-password"
                data-testid="login-password"
              />
            </Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              block
              loading={submitting}
              className="login-submit"
              data-testid="login-submit"
            >
              {t('submit')}
            </Button>
          </Form>
          <p className="login-card__register">
            {t('noAccount')}{' '}
            <Link to="/register" data-testid="login-register-link">
              {t('toRegister')}
            </Link>
          </p>
        </div>
        <footer className="login-footer">{t('footer', { year: new Date().getFullYear() })}</footer>
      </main>
    </div>
  );
}
