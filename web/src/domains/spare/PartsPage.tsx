import { PrinterOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hasPermission } from '../../app/session';
import { useEntityMeta } from '../../resources/api';
import { RefSelect } from '../../resources/RefSelect';
import { ResourceListPage } from '../../resources/ResourceListPage';

/** /spare/detailed (备件明细): the spare-parts catalogue, with QR labels of the selected parts. */
export default function PartsPage() {
  const { t } = useTranslation('spare');
  const navigate = useNavigate();
  const { data: stockMeta } = useEntityMeta('sparestock');
  const [warehouseId, setWarehouseId] = useState<number | undefined>();
  const warehouse = stockMeta?.fields.find((f) => f.name === 'warehouseId');
  return (
    <ResourceListPage
      entity="sparepart"
      toolbarExtra={(ctx) =>
        hasPermission('spare:detailed:print') && (
          <Space wrap>
            <Button
              icon={<PrinterOutlined />}
              disabled={!ctx.selected.length}
              onClick={() => navigate(`/spare/labels?ids=${ctx.selected.join(',')}`)}
              data-testid="spare-print-labels"
            >
              {t('labels.print')}
            </Button>
            {warehouse && (
              <Space.Compact>
                <RefSelect
                  field={warehouse}
                  value={warehouseId}
                  onChange={(v) => setWarehouseId(v as number | undefined)}
                  placeholder={warehouse.label}
                />
                <Button
                  icon={<PrinterOutlined />}
                  disabled={!warehouseId}
                  onClick={() => navigate(`/spare/labels?warehouseId=${warehouseId}`)}
                >
                  {t('labels.bins')}
                </Button>
              </Space.Compact>
            )}
          </Space>
        )
      }
    />
  );
}
