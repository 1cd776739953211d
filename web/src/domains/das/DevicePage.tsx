import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ResourceListPage } from '../../resources/ResourceListPage';
import { devicePath } from './paths';

/** /das/device: connected machines (each a ledger machine on a gateway) with their tags. */
export default function DevicePage() {
  const { t } = useTranslation('das');
  const navigate = useNavigate();
  return (
    <ResourceListPage
      entity="device"
      rowActions={(row) => (
        <Button type="link" size="small" onClick={() => navigate(devicePath(row.id))} data-testid="device-open">
          {t('device.open')}
        </Button>
      )}
    />
  );
}
