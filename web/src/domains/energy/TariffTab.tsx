import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { useEntityMeta } from '../../resources/api';
import { ResourceListPage } from '../../resources/ResourceListPage';
import type { Row } from '../../resources/types';
import { TariffDialog } from './TariffDialog';

/** The time-of-use tariffs: the list, and a form of their own for the periods of the day. */
export default function TariffTab() {
  const { t } = useTranslation('energy');
  const { data: meta } = useEntityMeta('energytariff');
  const [open, setOpen] = useState<{ row: Row | null; refresh: () => Promise<void> } | null>(null);
  const canEdit = hasPermission('energy:edit');
  return (
    <>
      <ResourceListPage
        entity="energytariff"
        addButton={(ctx) =>
          (canEdit || hasPermission('energy:add')) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen({ row: null, refresh: ctx.refresh })}>
              {t('tariff.add')}
            </Button>
          )
        }
        rowActions={(row, ctx) =>
          canEdit && (
            <Button type="link" size="small" onClick={() => setOpen({ row, refresh: ctx.refresh })}>
              {t('tariff.periods')}
            </Button>
          )
        }
      />
      {open && meta && (
        <TariffDialog
          meta={meta}
          row={open.row}
          onClose={() => setOpen(null)}
          onSaved={() => {
            void open.refresh();
            setOpen(null);
          }}
        />
      )}
    </>
  );
}
