import { Alert, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A secret shown this once (an API key, a webhook's signing secret): copy it now, it is never shown again. */
export function SecretOnce({ title, secret, onClose }: { title: string; secret: string; onClose: () => void }) {
  const { t } = useTranslation('integrations');
  return (
    <Modal open title={title} onOk={onClose} onCancel={onClose} cancelButtonProps={{ hidden: true }} okText={t('done')}>
      <Alert type="warning" showIcon title={t('secretOnce')} className="integrations-gap" />
      <Typography.Paragraph copyable={{ text: secret }} code className="integrations-secret" data-testid="secret-once">
        {secret}
      </Typography.Paragraph>
    </Modal>
  );
}
