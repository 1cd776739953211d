import { Button, Card, Col, Row, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getToken } from '../../platform/session/storage';
import { StandaloneFrame } from './StandaloneFrame';

const FEATURES = ['ledger', 'inspection', 'maintenance', 'repair', 'spare', 'reports'] as const;

/** /aklHome (spec 2.1, public): the product's landing page, what it does and the way in (log in or register). */
export default function ProductHomePage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const signedIn = !!getToken();
  return (
    <StandaloneFrame testId="page-akl-home">
      <div className="product-home__hero">
        <h1>{t('aklHome.title')}</h1>
        <p>{t('aklHome.subtitle')}</p>
        <Space wrap>
          {signedIn ? (
            <Button type="primary" onClick={() => navigate('/dashboard')} data-testid="akl-enter">
              {t('aklHome.enter')}
            </Button>
          ) : (
            <>
              <Button type="primary" onClick={() => navigate('/login')} data-testid="akl-login">
                {t('aklHome.login')}
              </Button>
              <Button ghost onClick={() => navigate('/register')} data-testid="akl-register">
                {t('aklHome.register')}
              </Button>
            </>
          )}
        </Space>
      </div>
      <Row gutter={[16, 16]}>
        {FEATURES.map((k) => (
          <Col key={k} xs={24} sm={12} lg={8}>
            <Card title={t(`aklHome.features.${k}.title`)} size="small">
              {t(`aklHome.features.${k}.text`)}
            </Card>
          </Col>
        ))}
      </Row>
      <div style={{ marginTop: 16 }}>
        <Button type="link" onClick={() => navigate('/per')}>
          {t('per.link')}
        </Button>
      </div>
    </StandaloneFrame>
  );
}
