import { ResourceListPage } from '../../resources/ResourceListPage';

/** /equipment/pictures (pictureanagement, spec 7.5): each machine's pictures, uploaded through the files platform. */
export default function PicturesPage() {
  return <ResourceListPage entity="equipmentpicture" />;
}
