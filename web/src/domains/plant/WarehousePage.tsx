import { ResourceListPage } from '../../resources/ResourceListPage';
import { stateSwitchActions } from '../../resources/StateSwitch';

const switchState = stateSwitchActions('/api-user/warehouses/updateState', 'setUp:warehouse:enable');

/** /setUp/warehouse: warehouses with their storage locations; the enable button switches a warehouse on or off. */
export default function WarehousePage() {
  return <ResourceListPage entity="warehouse" rowActions={switchState} />;
}
