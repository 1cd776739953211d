import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { pushError } from '../../platform/error-log';

/** An unexpected error while rendering a route (for example a chunk that failed to load after a deployment). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (error) pushError(error, 'route', 'errorElement');
  return (
    <div className="standalone-center">
      <Result
        status="error"
        title={t('errors:unexpected')}
        subTitle={t('errors:unexpectedHint')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('common:actions.reload')}
          </Button>
        }
      />
    </div>
  );
}
