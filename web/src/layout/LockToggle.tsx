import { LockOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { emit } from '../platform/events';
import { setLocked } from './layout-store';

/** Lock-screen toggle (spec 2.3): locking emits 'lock:start', unlocking emits 'lock:close'. */
export function LockToggle() {
  const { t } = useTranslation('layout');
  return (
    <Button
      type="text"
      className="navbar-action"
      icon={<LockOutlined />}
      aria-label={t('lock.lock')}
      title={t('lock.lock')}
      onClick={() => {
        setLocked(true);
        emit('lock:start');
      }}
      data-testid="lock-toggle"
    />
  );
}
