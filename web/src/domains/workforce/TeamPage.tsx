import { ResourceListPage } from '../../resources/ResourceListPage';

/** /setUp/team: work groups, each with its lines and members in tabs below it. */
export default function TeamPage() {
  return <ResourceListPage entity="workgroup" />;
}
