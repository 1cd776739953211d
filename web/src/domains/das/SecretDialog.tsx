import { Alert, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The gateway's credentials right after they are issued: the secret is shown this once and never again. */
export function SecretDialog({
  value,
  onClose,
}: {
  value: { clientId: string; secret: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('das');
  return (
    <Modal
      open={!!value}
      title={t('secret.title')}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ hidden: true }}
      width={520}
    >
      <Alert type="warning" showIcon message={t('secret.once')} style={{ marginBottom: 16 }} />
      <Typography.Paragraph>
        {t('secret.clientId')}:{' '}
        <Typography.Text code copyable data-testid="gateway-client-id">
          {value?.clientId}
        </Typography.Text>
      </Typography.Paragraph>
      <Typography.Paragraph>
        {t('secret.secret')}:{' '}
        <Typography.Text code copyable data-testid="gateway-secret">
          {value?.secret}
        </Typography.Text>
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('secret.howto')}</Typography.Paragraph>
    </Modal>
  );
}
