import { QrcodeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Popconfirm, Space, Spin, Typography } from 'antd';
import QRCode from 'qrcode';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { toast } from '../../platform/ui/feedback';
import './equipment.css';
import { absolute, fetchReportLink, REPORT_LINK_PERMISSION, revokeReportLink } from './report-link';

/** Record card action 报修二维码: the machine's public report link as a QR code, with revoke. */
export function ReportLinkButton({ id }: { id: number }) {
  const { t } = useTranslation('equipment');
  const [open, setOpen] = useState(false);
  const link = useQuery({
    queryKey: ['report-link', id],
    queryFn: async () => {
      const l = await fetchReportLink(id);
      const url = absolute(l.url);
      return { url, qr: await QRCode.toDataURL(url, { margin: 1, width: 240 }) };
    },
    enabled: open,
    staleTime: 0,
    gcTime: 0,
  });
  if (!hasPermission(REPORT_LINK_PERMISSION)) return null;
  const revoke = async () => {
    try {
      toast('success', await revokeReportLink(id));
      setOpen(false);
    } catch {
      // the client has shown the refusal
    }
  };
  return (
    <>
      <Button icon={<QrcodeOutlined />} onClick={() => setOpen(true)} data-testid="report-link">
        {t('reportLink.button')}
      </Button>
      {open && (
        <Modal
          open
          title={t('reportLink.title')}
          onCancel={() => setOpen(false)}
          footer={
            <Space>
              <Popconfirm title={t('reportLink.revokeConfirm')} onConfirm={revoke}>
                <Button danger data-testid="report-link-revoke">
                  {t('reportLink.revoke')}
                </Button>
              </Popconfirm>
              <Button type="primary" onClick={() => setOpen(false)}>
                {t('reportLink.close')}
              </Button>
            </Space>
          }
        >
          <Spin spinning={link.isFetching}>
            {link.data && (
              <div className="report-link-body">
                <img src={link.data.qr} alt={t('reportLink.title')} width={240} height={240} />
                <Typography.Paragraph copyable={{ text: link.data.url }} data-testid="report-link-url">
                  {link.data.url}
                </Typography.Paragraph>
                <Typography.Text type="secondary">{t('reportLink.hint')}</Typography.Text>
              </div>
            )}
          </Spin>
        </Modal>
      )}
    </>
  );
}
