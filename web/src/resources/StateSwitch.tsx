import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../app/session';
import { http } from '../platform/http/client';
import { toast } from '../platform/ui/feedback';
import type { ListContext } from './ResourceListPage';
import type { Row } from './types';

/**
 * Row actions for ResourceListPage that enable or disable a record through `url` ({ ids, state }), shown only
 * to holders of the enable button's permission code.
 */
export function stateSwitchActions(url: string, permission: string) {
  return (row: Row, { refresh }: ListContext) =>
    hasPermission(permission) ? <StateSwitch url={url} row={row} refresh={refresh} /> : null;
}

function StateSwitch({ url, row, refresh }: { url: string; row: Row; refresh: () => Promise<void> }) {
  const { t } = useTranslation('resources');
  const next = Number(row.state) === 1 ? 0 : 1;
  const label = next ? t('state.enable') : t('state.disable');
  const run = async () => {
    try {
      await http.post(url, { ids: [row.id], state: next });
      toast('success', t('state.switched'));
      await refresh();
    } catch {
      // The HTTP client has shown the reason.
    }
  };
  return (
    <Popconfirm title={t('state.confirm', { action: label })} onConfirm={run}>
      <Button type="link" size="small" data-testid="row-switch-state">
        {label}
      </Button>
    </Popconfirm>
  );
}
