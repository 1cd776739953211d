import { ResourceListPage } from '../../resources/ResourceListPage';
import { DocActions, type DocButtons, notDraft } from './DocActions';

const BUTTONS: DocButtons = {
  base: '/api-manage/equipmentallot',
  submit: ['equipment:allot:add', 'equipment:allot:edit', 'equipment:ledger:allot'],
  audit: 'equipment:allot:audit',
  recall: 'equipment:allot:recall',
};

/** /equipment/allot: allotments with their machines; submit, audit (the machines move) and recall. */
export default function AllotPage() {
  return (
    <ResourceListPage
      entity="equipmentallot"
      rowLocked={notDraft}
      rowActions={(row, ctx) => <DocActions row={row} ctx={ctx} buttons={BUTTONS} />}
    />
  );
}
