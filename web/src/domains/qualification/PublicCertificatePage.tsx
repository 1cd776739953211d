import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { HttpError } from '../../platform/http/client';
import { setLanguage } from '../../platform/i18n';
import { LanguageSwitch } from '../../platform/ui/LanguageSwitch';
import { browserLang } from '../repair/public-report-api';
import { fetchPublicCertificate } from './api';
import './qualification.css';

const ICONS = {
  valid: <CheckCircleFilled />,
  expired: <ExclamationCircleFilled />,
  revoked: <CloseCircleFilled />,
} as const;
const STATUS = { valid: 'success', expired: 'warning', revoked: 'error' } as const;

/** /cert/:token (no login): what a certificate's QR code opens: valid, expired or revoked, name and qualification. */
export default function PublicCertificatePage() {
  const { t } = useTranslation('qualification');
  const token = useParams().token ?? '';
  useEffect(() => {
    const lang = browserLang();
    if (lang) void setLanguage(lang);
  }, []);
  const cert = useQuery({
    queryKey: ['public-certificate', token],
    queryFn: () => fetchPublicCertificate(token),
    retry: false,
  });
  const header = (
    <div className="public-cert-top">
      <span className="public-cert-brand">{t('public.title')}</span>
      <LanguageSwitch />
    </div>
  );
  if (cert.isLoading)
    return (
      <div className="public-cert">
        {header}
        <Spin className="resource-loading" />
      </div>
    );
  if (!cert.data) {
    const unknown = cert.error instanceof HttpError && cert.error.status === 404;
    return (
      <div className="public-cert">
        {header}
        <Result status={unknown ? '404' : 'warning'} title={t(unknown ? 'public.unknown' : 'public.failed')} />
      </div>
    );
  }
  const c = cert.data;
  return (
    <div className="public-cert" data-testid="public-cert">
      {header}
      <Result
        status={STATUS[c.status]}
        icon={ICONS[c.status]}
        title={<span data-testid="public-cert-status">{c.statusName}</span>}
        subTitle={t(`public.says.${c.status}`)}
      />
      <Card size="small">
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'name', label: t('qr.holder'), children: c.name },
            { key: 'kind', label: t('qr.kind'), children: c.level ? `${c.kind} · ${c.level}` : c.kind },
            { key: 'no', label: t('qr.number'), children: c.certificateNo },
            { key: 'issued', label: t('public.issuedOn'), children: c.issuedOn },
            { key: 'until', label: t('qr.validUntil'), children: c.validUntil ?? t('qr.noEnd') },
          ]}
        />
      </Card>
    </div>
  );
}
