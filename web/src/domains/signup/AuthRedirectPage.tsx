import { Button, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../app/RouteGuard';
import { beginSession } from '../../app/session';
import { HttpError, http } from '../../platform/http/client';

/**
 * /auth-redirect?key=...&redirect=...: another system (the MES, the mobile app) hands its signed-in user over
 * with a one-time key; the page exchanges it for a session and opens the wanted page.
 */
export default function AuthRedirectPage() {
  const { t } = useTranslation('signup');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const key = params.get('key');
    if (!key) {
      setError(t('keyMissing'));
      return;
    }
    http
      .post<{ access_token: string; refresh_token?: string }>('/sys/key_login', { key })
      .then((answer) => {
        beginSession(answer);
        navigate(safeRedirect(params.get('redirect')), { replace: true });
      })
      .catch((err) => {
        const description = err instanceof HttpError ? (err.body as { error_description?: string } | null) : null;
        setError(description?.error_description ?? t('keyFailed'));
      });
  }, [params, navigate, t]);

  if (!error)
    return (
      <div className="page-spinner" data-testid="auth-redirect-pending">
        <Spin size="large" />
      </div>
    );
  return (
    <Result
      status="warning"
      title={t('keyFailedTitle')}
      subTitle={<span data-testid="auth-redirect-error">{error}</span>}
      extra={
        <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
          {t('toLogin')}
        </Button>
      }
    />
  );
}
