import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getBaseUrl } from '../../platform/http/client';

interface Entry {
  id: number;
  title: string | null;
  content: string;
  createdate: string;
}

const SHOWN = 3;

/** The day of a time in the browser's zone, as YYYY-MM-DD. */
const day = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? ''
    : `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * The platform's update log on the login page: the latest notices the operator published for every company.
 * A plain fetch (the login page loads no query library); nothing shows when there is none or the call fails.
 */
export function LoginUpdateLog() {
  const { t } = useTranslation('login');
  const [entries, setEntries] = useState<Entry[]>([]);
  useEffect(() => {
    const abort = new AbortController();
    fetch(`${getBaseUrl()}/api-user/users-anon/getloglist`, { signal: abort.signal })
      .then((r) => (r.ok ? r.json() : null))
      .then((body: { data?: Entry[] } | null) => setEntries(Array.isArray(body?.data) ? body.data.slice(0, SHOWN) : []))
      .catch(() => undefined);
    return () => abort.abort();
  }, []);
  if (entries.length === 0) return null;
  return (
    <section className="login-updates" data-testid="login-update-log">
      <h3 className="login-updates__title">{t('updates')}</h3>
      <ul>
        {entries.map((e) => (
          <li key={e.id} data-testid="login-update">
            <span className="login-updates__date">{day(e.createdate)}</span>
            <span className="login-updates__text">{e.title || e.content}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
