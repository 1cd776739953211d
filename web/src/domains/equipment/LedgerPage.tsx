import { ResourceListPage } from '../../resources/ResourceListPage';
import { useRouteType } from './route-type';

/** /equipment/ledger/:type (1) and /eqmold/eqmoldlist/:type (2): the equipment ledger and the mould list. */
export default function LedgerPage() {
  const type = useRouteType(1);
  return <ResourceListPage key={type} entity={type === 2 ? 'mould' : 'equipment'} />;
}
