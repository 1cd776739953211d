import { ResourceListPage } from '../../resources/ResourceListPage';
import { stateSwitchActions } from '../../resources/StateSwitch';

const switchState = stateSwitchActions('/api-core/msgtype/updateState', 'setUp:message:enable');

/** /setUp/message: message types, switched on or off, with the people each one notifies. */
export default function MessageTypePage() {
  return <ResourceListPage entity="msgtype" rowActions={switchState} />;
}
