import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import BatchMenusPage from './BatchMenusPage';
import { RoleTemplatesPanel } from './RoleTemplatesPanel';

/** /admin/companyAuthorize (公司授权): menus given to many companies at once, and the role templates. */
export default function CompanyAuthorizePage() {
  const { t } = useTranslation('operator');
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'menus', label: t('batch.tab'), children: <BatchMenusPage /> },
        { key: 'templates', label: t('roleTemplate.title'), children: <RoleTemplatesPanel /> },
      ]}
      data-testid="company-authorize"
    />
  );
}
