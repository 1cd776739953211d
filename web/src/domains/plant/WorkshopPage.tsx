import { ResourceListPage } from '../../resources/ResourceListPage';

/** /setUp/workshop: workshops, with each workshop's production lines below it. */
export default function WorkshopPage() {
  return <ResourceListPage entity="workshop" />;
}
