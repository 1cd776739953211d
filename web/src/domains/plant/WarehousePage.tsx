import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { http } from '../../platform/http/client';
import { toast } from '../../platform/ui/feedback';
import { ResourceListPage } from '../../resources/ResourceListPage';
import type { Row } from '../../resources/types';

/** /setUp/warehouse: warehouses with their storage locations; the enable button switches a warehouse on or off. */
export default function WarehousePage() {
  const { t } = useTranslation('workforce');
  const canSwitch = hasPermission('setUp:warehouse:enable');
  const rowActions = (row: Row, refresh: () => Promise<void>) => {
    if (!canSwitch) return null;
    const next = row.state === 1 ? 0 : 1;
    const switchState = async () => {
      try {
        await http.post('/api-user/warehouses/updateState', { ids: [row.id], state: next });
        toast('success', t('warehouse.switched'));
        await refresh();
      } catch {
        // The HTTP client has shown the reason.
      }
    };
    return (
      <Popconfirm title={next ? t('warehouse.enable') : t('warehouse.disable')} onConfirm={switchState}>
        <Button type="link" size="small" data-testid="row-switch-state">
          {next ? t('warehouse.enable') : t('warehouse.disable')}
        </Button>
      </Popconfirm>
    );
  };
  return <ResourceListPage entity="warehouse" rowActions={rowActions} />;
}
