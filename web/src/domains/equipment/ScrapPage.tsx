import { ResourceListPage } from '../../resources/ResourceListPage';
import { DocActions, type DocButtons, notDraft } from './DocActions';

const BUTTONS: DocButtons = {
  base: '/api-core/eqmoldExecute/scrap',
  submit: ['equipment:ledger:scrap', 'eqmold:eqmoldlist:scrap'],
  audit: 'eqmold:scrap:audit',
  recall: 'eqmold:scrap:recall',
};

/** /eqmold/scrap: scrap requests for machines and moulds; audit sets the status to scrapped. */
export default function ScrapPage() {
  return (
    <ResourceListPage
      entity="eqscrap"
      rowLocked={notDraft}
      rowActions={(row, ctx) => <DocActions row={row} ctx={ctx} buttons={BUTTONS} />}
    />
  );
}
