import { Button, Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getToken } from '../../platform/session/storage';
import { StandaloneFrame } from './StandaloneFrame';

const TOPICS = ['menus', 'buttons', 'dataScope', 'request'] as const;

/**
 * /per (spec 2.1, public): how access works in the product: menus and buttons come from the person's roles, a
 * role's data scope limits which records are seen, and whom to ask for more. Linked from the profile and the
 * product home; it shows nothing of any tenant.
 */
export default function PermissionsGuidePage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const signedIn = !!getToken();
  return (
    <StandaloneFrame testId="page-per">
      <Card title={t('per.title')}>
        <Typography.Paragraph>{t('per.intro')}</Typography.Paragraph>
        {TOPICS.map((k) => (
          <div key={k} data-testid={`per-${k}`}>
            <Typography.Title level={5}>{t(`per.${k}.title`)}</Typography.Title>
            <Typography.Paragraph>{t(`per.${k}.text`)}</Typography.Paragraph>
          </div>
        ))}
        <Space wrap>
          {signedIn ? (
            <Button type="primary" onClick={() => navigate('/userInfo')}>
              {t('userInfo.title')}
            </Button>
          ) : (
            <Button type="primary" onClick={() => navigate('/login')}>
              {t('aklHome.login')}
            </Button>
          )}
          <Button onClick={() => navigate('/aklHome')}>{t('aklHome.link')}</Button>
        </Space>
      </Card>
    </StandaloneFrame>
  );
}
