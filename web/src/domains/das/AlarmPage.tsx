import { ResourceListPage } from '../../resources/ResourceListPage';

/** /das/alarm: machine alarms (active, acknowledged, cleared) with their repair orders; acknowledge from the row. */
export default function AlarmPage() {
  return <ResourceListPage entity="alarm" />;
}
