import { ResourceListPage } from '../../resources/ResourceListPage';

/** /eqmold/moldRecords: mounts, shot reports and unmounts of the moulds (add = a shot report). */
export default function MouldRecordsPage() {
  return <ResourceListPage entity="moldrecord" />;
}
