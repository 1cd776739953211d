import { useQuery } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { toast } from '../../platform/ui/feedback';
import { batchCompanyMenus, companyList, platformMenus } from './api';
import { MenuChecklist } from './MenuChecklist';
import './operator.css';

/**
 * /admin/companyAuthorize and /company/batchSave: give menus to many companies at once (added to theirs),
 * or take them away (with the pages below them).
 */
export default function BatchMenusPage() {
  const { t } = useTranslation('operator');
  const companies = useQuery({ queryKey: ['op-company-list'], queryFn: companyList });
  const menus = useQuery({ queryKey: ['op-platform-menus'], queryFn: platformMenus });
  const tenantMenus = (menus.data ?? []).filter((m) => m.key !== 'admin' && m.key !== 'operatesys');
  const [companyIds, setCompanyIds] = useState<number[]>([]);
  const [menuIds, setMenuIds] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const run = async (give: boolean) => {
    setBusy(true);
    try {
      await batchCompanyMenus(give, companyIds, menuIds);
      toast(
        'success',
        t(give ? 'batch.given' : 'batch.taken', { companies: companyIds.length, menus: menuIds.length }),
      );
    } catch {
      // Shown by the client.
    } finally {
      setBusy(false);
    }
  };
  const ready = companyIds.length > 0 && menuIds.length > 0;

  return (
    <Card size="small" data-testid="batch-menus-page">
      <Typography.Paragraph type="secondary">{t('batch.hint')}</Typography.Paragraph>
      <Select
        mode="multiple"
        allowClear
        showSearch
        optionFilterProp="label"
        style={{ width: '100%', marginBottom: 12 }}
        placeholder={t('batch.companies')}
        value={companyIds}
        onChange={setCompanyIds}
        options={(companies.data ?? [])
          .filter((c) => !c.isPlatform)
          .map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }))}
        data-testid="batch-companies"
      />
      <Space wrap className="op-toolbar">
        {hasPermission('admin:companyAuthorize:authorize') && (
          <Button type="primary" disabled={!ready} loading={busy} onClick={() => run(true)} data-testid="batch-give">
            {t('batch.give')}
          </Button>
        )}
        {hasPermission('admin:companyAuthorize:revoke') && (
          <Popconfirm title={t('batch.confirmTake')} onConfirm={() => run(false)} disabled={!ready}>
            <Button danger disabled={!ready} loading={busy} data-testid="batch-take">
              {t('batch.take')}
            </Button>
          </Popconfirm>
        )}
      </Space>
      <MenuChecklist menus={tenantMenus} checked={menuIds} onChange={setMenuIds} loading={menus.isLoading} />
    </Card>
  );
}
