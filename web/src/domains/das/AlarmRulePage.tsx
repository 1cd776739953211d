import { ResourceListPage } from '../../resources/ResourceListPage';

/** /das/alarmrule: alarm rules per tag or per device (offline), their severity and whether they open a repair order. */
export default function AlarmRulePage() {
  return <ResourceListPage entity="alarmrule" />;
}
