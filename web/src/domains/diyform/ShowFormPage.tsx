import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useViewRoute } from '../../app/route-context';
import { useEntityMeta } from '../../resources/api';
import { ResourceListPage } from '../../resources/ResourceListPage';
import { formCodeOf, formEntity } from './form-code';

/**
 * /showform/index, the generic form page (spec 2.6): a menu leaf with a query shows the records of the custom
 * form its query names (or ?formCode= of the address, for the preview) with the generic list and form. The
 * server's reason is shown when the form does not exist, is disabled or may not be used.
 */
export default function ShowFormPage() {
  const { t } = useTranslation('diyform');
  const route = useViewRoute();
  const code = formCodeOf(route?.meta.query, route?.fullPath);
  if (!code) return <Result status="warning" title={t('show.noForm')} data-testid="showform-message" />;
  return <FormRecords code={code} />;
}

function FormRecords({ code }: { code: string }) {
  const { t } = useTranslation('diyform');
  const { isLoading, error } = useEntityMeta(formEntity(code));
  if (isLoading) return <Spin className="resource-loading" />;
  if (error)
    return <Result status="warning" title={error.message || t('show.unavailable')} data-testid="showform-message" />;
  return <ResourceListPage entity={formEntity(code)} />;
}
