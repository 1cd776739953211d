import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getData } from '../platform/http/client';

export const BADGE_MAX = 99;
export const UNREAD_QUERY_KEY = ['messages', 'unread'] as const;

/** Message bell: unread badge capped at 99, opens /mes/message (spec 2.3). */
export function MessageBell() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const { data } = useQuery({
    queryKey: UNREAD_QUERY_KEY,
    queryFn: () => getData<number>('/api-core/msgtype/getUnreadNum'),
    refetchInterval: 60_000,
  });
  const count = Number(data) || 0;
  return (
    <Tooltip title={t('navbar.messages')}>
      <Button
        type="text"
        className="navbar-action"
        onClick={() => navigate('/mes/message')}
        aria-label={t('navbar.messages')}
        data-testid="message-bell"
      >
        <Badge count={count} overflowCount={BADGE_MAX} size="small" data-testid="message-badge">
          <BellOutlined className="navbar-bell-icon" />
        </Badge>
      </Button>
    </Tooltip>
  );
}
