import { QrcodeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Modal, Spin } from 'antd';
import QRCode from 'qrcode';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../resources/types';
import { fetchCertificateLink } from './api';

/** A certificate's QR code (opens its public verification page), to print and stick on the paper or badge. */
export function CertificateQr({ row, kind }: { row: Row; kind: string }) {
  const { t } = useTranslation('qualification');
  const [open, setOpen] = useState(false);
  const id = Number(row.id);
  const link = useQuery({
    queryKey: ['certificate-link', id],
    queryFn: async () => {
      const l = await fetchCertificateLink(id);
      const url = `${window.location.origin}${l.url}`;
      return { url, qr: await QRCode.toDataURL(url, { margin: 1, width: 220 }) };
    },
    enabled: open,
  });
  return (
    <>
      <Button
        type="link"
        size="small"
        icon={<QrcodeOutlined />}
        onClick={() => setOpen(true)}
        data-testid="certificate-qr"
      >
        {t('qr.button')}
      </Button>
      {open && (
        <Modal
          open
          title={t('qr.title')}
          onCancel={() => setOpen(false)}
          footer={[
            <Button key="print" onClick={() => window.print()}>
              {t('qr.print')}
            </Button>,
            <Button key="close" type="primary" onClick={() => setOpen(false)}>
              {t('qr.close')}
            </Button>,
          ]}
        >
          <Spin spinning={link.isFetching}>
            <div className="certificate-qr" data-testid="certificate-qr-body">
              {link.data && <img src={link.data.qr} alt={t('qr.title')} width={220} height={220} />}
              <Descriptions
                size="small"
                column={1}
                items={[
                  { key: 'name', label: t('qr.holder'), children: String(row.userName ?? '') },
                  { key: 'kind', label: t('qr.kind'), children: kind },
                  { key: 'no', label: t('qr.number'), children: String(row.certificateNo ?? '') },
                  { key: 'until', label: t('qr.validUntil'), children: String(row.validUntil ?? t('qr.noEnd')) },
                ]}
              />
              <span className="certificate-qr-hint">{t('qr.hint')}</span>
            </div>
          </Spin>
        </Modal>
      )}
    </>
  );
}
