import { QrcodeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Popconfirm, Space, Spin, Typography } from 'antd';
import QRCode from 'qrcode';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { toast } from '../../platform/ui/feedback';
import { fetchHealthLink, LINK_PERMISSION, revokeHealthLink } from './api';

/** 登记二维码: the tenant's public registration link as a QR code for the poster, with revoke. */
export function HealthLinkButton() {
  const { t } = useTranslation('health');
  const [open, setOpen] = useState(false);
  const link = useQuery({
    queryKey: ['health-link'],
    queryFn: async () => {
      const l = await fetchHealthLink();
      const url = `${window.location.origin}${l.url}`;
      return { url, qr: await QRCode.toDataURL(url, { margin: 1, width: 240 }) };
    },
    enabled: open,
    staleTime: 0,
    gcTime: 0,
  });
  if (!hasPermission(LINK_PERMISSION)) return null;
  const revoke = async () => {
    try {
      toast('success', await revokeHealthLink());
      setOpen(false);
    } catch {
      // the client has shown the refusal
    }
  };
  return (
    <>
      <Button icon={<QrcodeOutlined />} onClick={() => setOpen(true)} data-testid="health-link">
        {t('link.button')}
      </Button>
      {open && (
        <Modal
          open
          title={t('link.title')}
          onCancel={() => setOpen(false)}
          footer={
            <Space wrap>
              <Popconfirm title={t('link.revokeConfirm')} onConfirm={revoke}>
                <Button danger data-testid="health-link-revoke">
                  {t('link.revoke')}
                </Button>
              </Popconfirm>
              <Button onClick={() => window.print()}>{t('link.print')}</Button>
              <Button type="primary" onClick={() => setOpen(false)}>
                {t('link.close')}
              </Button>
            </Space>
          }
        >
          <Spin spinning={link.isFetching}>
            {link.data && (
              <div className="health-link-body">
                <img src={link.data.qr} alt={t('link.title')} width={240} height={240} />
                <Typography.Paragraph copyable={{ text: link.data.url }} data-testid="health-link-url">
                  {link.data.url}
                </Typography.Paragraph>
                <Typography.Text type="secondary">{t('link.hint')}</Typography.Text>
              </div>
            )}
          </Spin>
        </Modal>
      )}
    </>
  );
}
