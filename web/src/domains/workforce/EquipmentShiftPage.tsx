import { ResourceListPage } from '../../resources/ResourceListPage';

/** /setUp/schedulingEquipment: which shifts each piece of equipment runs in, per date range. */
export default function EquipmentShiftPage() {
  return <ResourceListPage entity="equipmentshift" />;
}
