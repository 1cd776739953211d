import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Select, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { hasPermission } from '../../app/session';
import { toast } from '../../platform/ui/feedback';
import { companyList, companyMenus, saveCompanyMenus } from './api';
import { leafMenuIds, MenuChecklist } from './MenuChecklist';
import './operator.css';

/** /company/index?id=: the menus one company has (公司权限); saving replaces them. */
export default function CompanyMenusPage() {
  const { t } = useTranslation('operator');
  const [params, setParams] = useSearchParams();
  const companyId = Number(params.get('id')) || undefined;
  const companies = useQuery({ queryKey: ['op-company-list'], queryFn: companyList });
  const menus = useQuery({
    queryKey: ['op-company-menus', companyId],
    queryFn: () => companyMenus(companyId!),
    enabled: Boolean(companyId),
  });
  const [checked, setChecked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (menus.data) setChecked(leafMenuIds(menus.data.menus, new Set(menus.data.menuIds)));
  }, [menus.data]);
  const options = useMemo(
    () =>
      (companies.data ?? []).filter((c) => !c.isPlatform).map((c) => ({ value: c.id, label: `${c.name} (${c.code})` })),
    [companies.data],
  );

  const save = async () => {
    if (!companyId) return;
    setSaving(true);
    try {
      const r = await saveCompanyMenus(companyId, checked);
      toast('success', t('companyMenus.saved', { count: r.data.menuCount }));
      await menus.refetch();
    } catch {
      // Shown by the client.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card size="small" data-testid="company-menus-page">
      <Space wrap className="op-toolbar">
        <Select
          showSearch
          optionFilterProp="label"
          style={{ minWidth: 240 }}
          placeholder={t('companyMenus.pick')}
          value={companyId}
          options={options}
          onChange={(id) => setParams({ id: String(id) })}
          data-testid="company-menus-pick"
        />
        <Button
          type="primary"
          onClick={save}
          loading={saving}
          disabled={!companyId || !hasPermission('admin:company:setMenu')}
          data-testid="company-menus-save"
        >
          {t('actions.save')}
        </Button>
      </Space>
      {companyId ? (
        <MenuChecklist menus={menus.data?.menus} checked={checked} onChange={setChecked} loading={menus.isLoading} />
      ) : (
        <Empty description={t('companyMenus.pick')} />
      )}
    </Card>
  );
}
