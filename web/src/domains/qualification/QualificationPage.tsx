import { Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { useEntityMeta } from '../../resources/api';
import { type ListContext, ResourceListPage } from '../../resources/ResourceListPage';
import type { Row } from '../../resources/types';
import { WorkflowActions } from '../../resources/WorkflowActions';
import { CATEGORY_VIEW, QR_PERMISSIONS } from './api';
import { CertificateQr } from './CertificateQr';
import './qualification.css';

type View = 'certificates' | 'categories';

/**
 * /maintain/qualification (维修资质): each person's certificates (kind, level, number, dates, scan) with their
 * state, revoke and restore, and the QR code that opens the public verification page; beside them, which machine
 * categories each person may maintain (and on which certificate), which maintenance tasks enforce.
 */
export default function QualificationPage() {
  const { t } = useTranslation('qualification');
  const { data: meta } = useEntityMeta('maintaincertificate');
  const [view, setView] = useState<View>('certificates');
  const categories = hasPermission(CATEGORY_VIEW);
  const mayPrint = QR_PERMISSIONS.some((c) => hasPermission(c));
  const kindLabel = (row: Row) =>
    meta?.fields.find((f) => f.name === 'kind')?.options?.find((o) => o.value === row.kind)?.label ?? String(row.kind);

  const rowActions = (row: Row, ctx: ListContext) => [
    ...(mayPrint ? [<CertificateQr key="qr" row={row} kind={kindLabel(row)} />] : []),
    <WorkflowActions
      key="workflow"
      entity="maintaincertificate"
      row={row}
      testId="certificate"
      onDone={() => void ctx.refresh()}
    />,
  ];

  return (
    <div className="qualification-page">
      {categories && (
        <Segmented<View>
          value={view}
          onChange={setView}
          options={(['certificates', 'categories'] as const).map((v) => ({
            value: v,
            label: <span data-testid={`qualification-tab-${v}`}>{t(`tabs.${v}`)}</span>,
          }))}
        />
      )}
      {view === 'certificates' || !categories ? (
        <ResourceListPage
          entity="maintaincertificate"
          rowActions={rowActions}
          rowClassName={(r) => `certificate-${String(r.status)}`}
        />
      ) : (
        <ResourceListPage entity="maintainqualification" />
      )}
    </div>
  );
}
