import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export default function NotFoundPage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    <div className="standalone-center" data-testid="page-404">
      <Result
        status="404"
        title="404"
        subTitle={t('errorPages.notFound')}
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            {t('common:actions.backHome')}
          </Button>
        }
      />
    </div>
  );
}
