import { LockOutlined, UnlockOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Form, Input } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../app/session';
import { emit } from '../platform/events';
import { http } from '../platform/http/client';
import { readSession } from '../platform/session/storage';
import { useStore } from '../platform/store';
import { layoutStore, setLocked } from './layout-store';

function Clock() {
  const { t } = useTranslation('common');
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const id = setInterval(() => setNow(dayjs()), 1000);
    return () => clearInterval(id);
  }, []);
  return (
    <div className="lock-clock">
      <div className="lock-clock__time">{now.format('HH:mm')}</div>
      <div className="lock-clock__date">{now.format(t('time.longDate'))}</div>
    </div>
  );
}

/** The overlay of a locked screen; the user's password unlocks it (checked by the login service). */
export function LockScreen() {
  const { t } = useTranslation('layout');
  const { locked } = useStore(layoutStore);
  const session = useSession();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ password: string }>();
  if (!locked) return null;
  const username = session.user?.username ?? readSession('userName') ?? '';
  const name = session.user?.peoplename || username;

  const unlock = async ({ password }: { password: string }) => {
    setBusy(true);
    try {
      const answer = await http.post<{ access_token: string }>('/sys/login', { username, password });
      // The check opened a second session; close it at once.
      await http
        .get('/sys/logout', undefined, { headers: { Authorization: `Bearer${answer.access_token}` } })
        .catch(() => {});
      form.resetFields();
      setLocked(false);
      emit('lock:close');
    } catch {
      // The client has shown the warning.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="lock-screen" role="dialog" aria-modal="true" aria-label={t('lock.title')} data-testid="lock-screen">
      <Clock />
      <div className="lock-card">
        <Avatar size={72} src={session.info?.avatar || undefined} icon={<UserOutlined />} />
        <div className="lock-card__name">{name}</div>
        <div className="lock-card__hint">{t('lock.hint')}</div>
        <Form form={form} onFinish={unlock} className="lock-card__form">
          <Form.Item name="password" rules={[{ required: true, message: t('lock.passwordRequired') }]}>
            <Input.Password
              size="large"
              autoFocus
              placeholder={t('lock.password')}
              prefix={<LockOutlined />}
              data-testid="lock-password"
            />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            block
            loading={busy}
            icon={<UnlockOutlined />}
            data-testid="lock-unlock"
          >
            {t('lock.unlock')}
          </Button>
        </Form>
      </div>
    </div>
  );
}
