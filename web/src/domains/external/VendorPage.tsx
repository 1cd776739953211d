import { ResourceListPage } from '../../resources/ResourceListPage';

/** /repair_admin/vendor (委外单位): vendors, each with its contacts and contracts below it, and its rating. */
export default function VendorPage() {
  return <ResourceListPage entity="externalvendor" />;
}
