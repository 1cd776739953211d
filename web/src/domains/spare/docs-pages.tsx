import { DocsPage } from './DocsPage';

/** /spare/in (备件入库): receipts (purchase, return from a job). */
export const InboundPage = () => <DocsPage type="receipt" />;
/** /spare/out: issues (to a repair order, a maintenance task, a cost centre). */
export const OutPage = () => <DocsPage type="issue" />;
/** /spare/allot: transfers between warehouses or bins. */
export const AllotPage = () => <DocsPage type="transfer" />;
/** /spare/audit: documents waiting for approval. */
export const AuditPage = () => <DocsPage filters={{ state: 'submitted' }} />;
/** /spare/review: documents past approval (read only). */
export const ReviewPage = () => <DocsPage filters={{ state: 'approved,posted' }} readOnly />;
