import { ResourceListPage } from '../../resources/ResourceListPage';
import './equipment.css';

/** /maintain/eqptmt (部件保养表): the parts of each machine, their care cycle, last done and next due, overdue first. */
export default function PartMaintenancePage() {
  return <ResourceListPage entity="eqptmt" rowClassName={(r) => (r.overdue ? 'row-overdue' : '')} />;
}
