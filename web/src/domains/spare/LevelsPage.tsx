import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { ResourceListPage } from '../../resources/ResourceListPage';

/**
 * /spare/meaning (备件清单): minimum and maximum per part and warehouse, the suggested reorder list (below the
 * minimum), and the warehouse rules and SAP warehouse mapping (/api-wms) for those who set up warehouses.
 */
export default function LevelsPage() {
  const { t } = useTranslation('spare');
  const wms = hasPermission('setUp:warehouse:view');
  return (
    <Tabs
      items={[
        { key: 'levels', label: t('tabs.levels'), children: <ResourceListPage entity="sparestock" /> },
        {
          key: 'reorder',
          label: t('tabs.reorder'),
          children: <ResourceListPage entity="sparestock" filters={{ belowMin: 'true' }} />,
        },
        ...(wms
          ? [
              { key: 'rules', label: t('tabs.rules'), children: <ResourceListPage entity="warehouserule" /> },
              { key: 'sap', label: t('tabs.sap'), children: <ResourceListPage entity="sapwarehouse" /> },
            ]
          : []),
      ]}
    />
  );
}
