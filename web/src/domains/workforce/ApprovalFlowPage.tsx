import { ResourceListPage } from '../../resources/ResourceListPage';
import { stateSwitchActions } from '../../resources/StateSwitch';

const switchState = stateSwitchActions('/api-flow/actFlows/updateState', 'setUp:process:enable');

/** /setUp/process: approval flows per business type with their ordered steps; one enabled flow per type. */
export default function ApprovalFlowPage() {
  return <ResourceListPage entity="actflow" rowActions={switchState} />;
}
