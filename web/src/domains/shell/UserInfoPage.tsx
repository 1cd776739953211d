import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Result, Space, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { loginPathFor } from '../../app/RouteGuard';
import type { CurrentUser } from '../../app/session-types';
import { type Envelope, http } from '../../platform/http/client';
import { getToken } from '../../platform/session/storage';
import { StandaloneFrame } from './StandaloneFrame';

const USER_INFO_PATH = '/userInfo';

/**
 * /userInfo (spec 2.1, standalone, reachable without a session): with a session, the person's own profile from
 * GET /api-user/users/current; without one, it stays (a public path) and offers the login, which comes back here.
 */
export default function UserInfoPage() {
  return getToken() ? <Profile /> : <SignedOut />;
}

function SignedOut() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    <StandaloneFrame testId="page-user-info">
      <Result
        status="info"
        title={t('userInfo.signedOut')}
        extra={
          <Button type="primary" onClick={() => navigate(loginPathFor(USER_INFO_PATH))}>
            {t('userInfo.toLogin')}
          </Button>
        }
      />
    </StandaloneFrame>
  );
}

function Profile() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { data, isLoading, isError } = useQuery({
    queryKey: ['current-user-profile'],
    queryFn: async () => (await http.get<Envelope<CurrentUser>>('/api-user/users/current')).data,
    staleTime: 0,
  });
  return (
    <StandaloneFrame testId="page-user-info">
      {isLoading ? (
        <Spin className="page-spinner" />
      ) : isError || !data ? (
        <Result status="warning" title={t('userInfo.unavailable')} />
      ) : (
        <Card title={t('userInfo.title')}>
          <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
            <Descriptions.Item label={t('userInfo.peoplename')}>{data.peoplename || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('userInfo.username')}>{data.username || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('userInfo.company')}>{data.company?.name || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('userInfo.organization')}>
              {data.blocOrg?.organizationName || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('userInfo.expiry')}>
              {data.company?.expiryDate || t('userInfo.noExpiry')}
              {(data.accountOverdue ?? 0) > 0 && (
                <Tag color="error" style={{ marginLeft: 8 }}>
                  {t('userInfo.overdue', { n: data.accountOverdue })}
                </Tag>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('userInfo.permissions')}>
              {t('userInfo.permissionCount', { n: data.permissions?.length ?? 0 })}
            </Descriptions.Item>
          </Descriptions>
          <Space style={{ marginTop: 16 }} wrap>
            <Button type="primary" onClick={() => navigate('/')}>
              {t('common:actions.backHome')}
            </Button>
            <Button onClick={() => navigate('/per')}>{t('per.link')}</Button>
          </Space>
        </Card>
      )}
    </StandaloneFrame>
  );
}
