import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export default function UnauthorizedPage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    <div className="standalone-center" data-testid="page-401">
      <Result
        status="403"
        title="401"
        subTitle={t('errorPages.unauthorized')}
        extra={
          <Space>
            <Button onClick={() => navigate(-1)}>{t('common:actions.back')}</Button>
            <Button type="primary" onClick={() => navigate('/')}>
              {t('common:actions.backHome')}
            </Button>
          </Space>
        }
      />
    </div>
  );
}
