import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DownloadsTable } from '../../layout/DownloadsTable';
import { StandaloneFrame } from './StandaloneFrame';

/**
 * /addDownload (spec 2.5, standalone): My downloads as a page of its own, for a link sent to a person (a finished
 * export) or a phone: the same paged list as the user menu's dialog, a download link once the file exists.
 */
export default function DownloadsPage() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  return (
    <StandaloneFrame testId="page-add-download">
      <Card
        title={t('downloads.title')}
        extra={<Button onClick={() => navigate('/')}>{t('common:actions.backHome')}</Button>}
      >
        <DownloadsTable />
      </Card>
    </StandaloneFrame>
  );
}
