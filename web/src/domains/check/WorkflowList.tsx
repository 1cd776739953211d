import { ResourceListPage } from '../../resources/ResourceListPage';
import { WorkflowActions } from '../../resources/WorkflowActions';

/**
 * An entity's list whose rows carry the workflow steps their state and the user's permissions allow (the generic
 * action bar: a step with inputs or a reason opens a dialog, a dangerous one asks first).
 */
export function WorkflowList({
  entity,
  fixed,
  testPrefix,
}: {
  entity: string;
  fixed?: Record<string, string | number>;
  testPrefix: string;
}) {
  return (
    <ResourceListPage
      entity={entity}
      fixed={fixed}
      rowActions={(row) => <WorkflowActions entity={entity} row={row} testId={testPrefix} />}
    />
  );
}
