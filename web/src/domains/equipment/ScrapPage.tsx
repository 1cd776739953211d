import { ResourceListPage } from '../../resources/ResourceListPage';
import { WorkflowActions } from '../../resources/WorkflowActions';

/** /eqmold/scrap: scrap requests for machines and moulds; audit sets the status to scrapped. */
export default function ScrapPage() {
  return (
    <ResourceListPage
      entity="eqscrap"
      rowLocked={(row) => row.state !== 'draft'}
      rowActions={(row) => <WorkflowActions entity="eqscrap" row={row} testId="row" confirm="always" />}
    />
  );
}
