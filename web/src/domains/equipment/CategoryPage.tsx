import { ResourceListPage } from '../../resources/ResourceListPage';
import { useRouteType } from './route-type';

/**
 * /equipment/machine/:type and /eqmold/eqcategory/:type: the categories of one kind; below each, tabs with its
 * parts, spare parts and fault reasons.
 */
export default function CategoryPage() {
  const type = useRouteType(1);
  return <ResourceListPage key={type} entity="equipmentcategory" fixed={{ category: type }} />;
}
