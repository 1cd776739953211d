import { useQuery } from '@tanstack/react-query';
import { Alert, Modal, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../platform/ui/feedback';
import { companyList, type MovePlan, moveCompanies, previewMove, versionPage } from './api';

/**
 * Moves companies to a version (sysversion/moveCompanies). Opened from the company list with the chosen
 * companies (pick the version) or from a version (pick the companies). Before the move it shows how many
 * companies move and how many menus they gain and lose; menus given to a company individually stay.
 */
export function MoveCompaniesDialog({
  companyIds: fixedCompanies,
  versionId: fixedVersion,
  onClose,
  onMoved,
}: {
  companyIds?: number[];
  versionId?: number;
  onClose: () => void;
  onMoved: () => void;
}) {
  const { t } = useTranslation('operator');
  const [versionId, setVersionId] = useState<number | undefined>(fixedVersion);
  const [companyIds, setCompanyIds] = useState<number[]>(fixedCompanies ?? []);
  const [saving, setSaving] = useState(false);
  const versions = useQuery({
    queryKey: ['op-version-options'],
    queryFn: () => versionPage({ page: 1, limit: 100 }),
    enabled: fixedVersion === undefined,
  });
  const companies = useQuery({
    queryKey: ['op-company-options'],
    queryFn: companyList,
    enabled: fixedCompanies === undefined,
  });
  const ready = versionId !== undefined && companyIds.length > 0;
  const plan = useQuery({
    queryKey: ['op-move-preview', versionId, companyIds],
    queryFn: async () => (await previewMove(versionId!, companyIds)).data,
    enabled: ready,
    retry: false,
  });

  const submit = async () => {
    if (!ready) return;
    setSaving(true);
    try {
      const r = await moveCompanies(versionId, companyIds);
      toast('success', t('version.move.done', { count: r.data.companies.length }));
      onMoved();
    } catch {
      // Shown by the client.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      width={640}
      title={t('version.move.title')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      okText={t('version.move.confirm')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ disabled: !plan.data, 'data-testid': 'move-companies-ok' }}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        {fixedVersion === undefined && (
          <Select
            style={{ width: '100%' }}
            placeholder={t('version.move.pickVersion')}
            value={versionId}
            onChange={setVersionId}
            loading={versions.isLoading}
            options={(versions.data?.rows ?? []).map((v) => ({ value: v.id, label: v.name }))}
            data-testid="move-companies-version"
          />
        )}
        {fixedCompanies === undefined && (
          <Select
            mode="multiple"
            allowClear
            style={{ width: '100%' }}
            placeholder={t('version.move.pickCompanies')}
            value={companyIds}
            onChange={setCompanyIds}
            loading={companies.isLoading}
            optionFilterProp="label"
            options={(companies.data ?? [])
              .filter((c) => !c.isPlatform)
              .map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }))}
            data-testid="move-companies-companies"
          />
        )}
        {plan.data && <MoveSummary plan={plan.data} />}
        <Alert type="info" showIcon title={t('version.move.keeps')} />
      </Space>
    </Modal>
  );
}

/** How many companies move and the menus they gain and lose, in total and per company. */
export function MoveSummary({ plan }: { plan: MovePlan }) {
  const { t } = useTranslation('operator');
  return (
    <div data-testid="move-companies-summary">
      <Alert
        type="warning"
        showIcon
        title={t('version.move.summary', {
          count: plan.companies.length,
          added: plan.added,
          removed: plan.removed,
        })}
      />
      <Table
        size="small"
        rowKey="companyId"
        pagination={plan.companies.length > 10 ? { pageSize: 10, size: 'small' } : false}
        dataSource={plan.companies}
        columns={[
          { key: 'name', title: t('company.fields.name'), dataIndex: 'name' },
          { key: 'added', title: t('version.move.added'), dataIndex: 'added', width: 100 },
          { key: 'removed', title: t('version.move.removed'), dataIndex: 'removed', width: 100 },
        ]}
      />
    </div>
  );
}
