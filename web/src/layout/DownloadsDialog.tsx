import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStore } from '../platform/store';
import { DownloadsTable } from './DownloadsTable';
import { layoutStore, setDownloadsOpen } from './layout-store';

/** The My downloads dialog of the user menu (spec 2.4); the list starts again from page 1 on each opening. */
export function DownloadsDialog() {
  const { t } = useTranslation('layout');
  const open = useStore(layoutStore).downloadsOpen;
  return (
    <Modal
      open={open}
      title={t('downloads.title')}
      width={860}
      footer={null}
      onCancel={() => setDownloadsOpen(false)}
      data-testid="downloads-dialog"
    >
      {open && <DownloadsTable />}
    </Modal>
  );
}
