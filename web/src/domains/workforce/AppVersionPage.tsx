import { ResourceListPage } from '../../resources/ResourceListPage';

/** /setUp/appversion: releases of the mobile app. */
export default function AppVersionPage() {
  return <ResourceListPage entity="appinfo" />;
}
