import { ResourceListPage } from '../../resources/ResourceListPage';
import { WorkflowActions } from '../../resources/WorkflowActions';

/** /equipment/allot: allotments with their machines; submit, audit (the machines move) and recall. */
export default function AllotPage() {
  return (
    <ResourceListPage
      entity="equipmentallot"
      rowLocked={(row) => row.state !== 'draft'}
      rowActions={(row) => <WorkflowActions entity="equipmentallot" row={row} testId="row" confirm="always" />}
    />
  );
}
