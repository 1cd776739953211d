import { ResourceListPage } from '../../resources/ResourceListPage';

/** Stock movements (spec spareRecordList): every posted change with its balance after, filtered and exported. */
export function MovesPage({ kinds }: { kinds?: string }) {
  return <ResourceListPage entity="sparemove" filters={kinds ? { kind: kinds } : undefined} />;
}

/** /spare/inbound: posted receipts. */
export const InboundRecordsPage = () => <MovesPage kinds="in" />;
/** /spare/outbound: posted issues. */
export const OutboundPage = () => <MovesPage kinds="out" />;
/** /spare/transfer: posted transfers (out of one place, into another). */
export const TransferPage = () => <MovesPage kinds="transferOut,transferIn" />;
