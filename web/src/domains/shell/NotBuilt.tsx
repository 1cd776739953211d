import { ToolOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useViewRoute } from '../../app/route-context';
import { useTitleOf } from '../../app/titles';

/** A page whose module is not built yet says so plainly; it never shows invented data. */
export function NotBuilt({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation('shell');
  const view = useViewRoute();
  const titleOf = useTitleOf();
  const { pathname } = useLocation();
  const title = view ? titleOf(view.meta) : '';
  return (
    <div className={standalone ? 'standalone-center' : 'page-card not-built'} data-testid="not-built">
      <Result
        icon={<ToolOutlined style={{ color: '#94a3b8' }} />}
        title={t('notBuilt.title')}
        subTitle={
          <>
            <div>{title ? t('notBuilt.descriptionNamed', { title }) : t('notBuilt.description')}</div>
            <code className="not-built-path">{view?.path ?? pathname}</code>
          </>
        }
        extra={
          <Link to="/">
            <Button type="primary">{t('common:actions.backHome')}</Button>
          </Link>
        }
      />
    </div>
  );
}
