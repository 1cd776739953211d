import { type FormEvent, type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildTitleKey, isOpsBuild } from '../../app/app-title';
import { loginFlow, safeRedirect } from '../../app/login-flow';
import { http } from '../../platform/http/client';
import { BrandArt } from './BrandArt';
import { LockIcon, LoginField, UserIcon } from './LoginField';
import { LoginLanguageSwitch } from './LoginLanguageSwitch';
import { LoginUpdateLog } from './LoginUpdateLog';
import { LogoMark } from './LogoMark';
import { useChosenLoginBackground } from './login-background';
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
  const [submitting, setSubmitting] = useState(false);
  const ops = isOpsBuild();
  const background = useChosenLoginBackground();

  const toRegister = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    loginFlow.go('/register');
  };

  const [errors, setErrors] = useState<Partial<Record<keyof LoginForm, string>>>({});

  /** The form without antd (the login page loads no component library): required checks, then the call. */
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const username = String(data.get('username') ?? '');
    const password = String(data.get('password') ?? '');
    const found: Partial<Record<keyof LoginForm, string>> = {};
    if (!username.trim()) found.username = t('usernameRequired');
    if (!password) found.password = t('passwordRequired');
    setErrors(found);
    if (!found.username && !found.password) void submit({ username, password });
  };

  const submit = async ({ username, password }: LoginForm) => {
    setSubmitting(true);
    try {
      const answer = await http.post<LoginAnswer>('/sys/login', { username: username.trim(), password });
      loginFlow.begin(answer);
      loginFlow.go(safeRedirect(new URLSearchParams(window.location.search).get('redirect')), { replace: true });
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
      style={background ? { backgroundImage: `url("${background}")` } : undefined}
    >
      <div className="login-toolbar">
        <LoginLanguageSwitch />
      </div>
      <section className="login-brand">
        <div className="login-brand__head">
          <LogoMark size={40} />
          <span className="login-brand__name">{t(`common:${buildTitleKey()}`)}</span>
        </div>
        <h1 className="login-brand__headline">{t(ops ? 'headlineOps' : 'headline')}</h1>
        <p className="login-brand__text">{t(ops ? 'taglineOps' : 'tagline')}</p>
        <LoginUpdateLog />
        <BrandArt />
      </section>
      <main className="login-panel">
        <div className="login-card">
          <div className="login-card__logo">
            <LogoMark size={44} />
          </div>
          <h2 className="login-card__title">{t('welcome')}</h2>
          <p className="login-card__subtitle">{t('subtitle', { title: t(`common:${buildTitleKey()}`) })}</p>
          <form className="login-form" onSubmit={onSubmit} autoComplete="on" noValidate>
            <LoginField
              name="username"
              label={t('username')}
              error={errors.username}
              icon={<UserIcon />}
              input={{
                placeholder: t('usernamePlaceholder'),
                autoComplete: 'username',
                'data-testid': 'login-username',
              }}
            />
            <LoginField
              name="password"
              label={t('password')}
              error={errors.password}
              icon={<LockIcon />}
              input={{
                type: 'password',
                placeholder: t('passwordPlaceholder'),
                autoComplete: 'current-password',
                'data-testid': 'login-password',
              }}
            />
            <button type="submit" className="login-submit" disabled={submitting} data-testid="login-submit">
              {submitting ? <i className="login-submit__spin" aria-hidden /> : null}
              {t('submit')}
            </button>
          </form>
          <p className="login-card__register">
            {t('noAccount')}{' '}
            <a href="/register" onClick={toRegister} data-testid="login-register-link">
              {t('toRegister')}
            </a>
          </p>
        </div>
        <footer className="login-footer">{t('footer', { year: new Date().getFullYear() })}</footer>
      </main>
    </div>
  );
}
