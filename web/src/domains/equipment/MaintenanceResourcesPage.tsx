import { ResourceListPage } from '../../resources/ResourceListPage';
import './equipment.css';

/** /maintain/maintainres (维保资源): the tools, instruments and consumables of maintenance, with calibration due. */
export default function MaintenanceResourcesPage() {
  return <ResourceListPage entity="maintainres" rowClassName={(r) => (r.calibrationOverdue ? 'row-overdue' : '')} />;
}
