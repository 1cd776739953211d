import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ResourceListPage } from '../../resources/ResourceListPage';
import { LedgerTools } from './LedgerTools';
import { detailPath, useRouteType } from './route-type';
import './equipment.css';

/** /equipment/ledger/:type (1) and /eqmold/eqmoldlist/:type (2): the equipment ledger and the mould list. */
export default function LedgerPage() {
  const type = useRouteType(1);
  const { t } = useTranslation('equipment');
  const navigate = useNavigate();
  return (
    <ResourceListPage
      key={type}
      entity={type === 2 ? 'mould' : 'equipment'}
      toolbarExtra={(ctx) => <LedgerTools ctx={ctx} kind={type} />}
      rowActions={
        type === 1
          ? (row) => (
              <Button type="link" size="small" onClick={() => navigate(detailPath(row.id))} data-testid="row-detail">
                {t('ledger.detail')}
              </Button>
            )
          : undefined
      }
      rowClassName={(row) => (row.lifeWarning === true ? 'mould-life-warning' : '')}
    />
  );
}
