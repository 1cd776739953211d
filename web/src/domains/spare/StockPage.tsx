import { useQueryClient } from '@tanstack/react-query';
import { Button, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { ResourceListPage } from '../../resources/ResourceListPage';
import type { Row } from '../../resources/types';
import { DOC_TYPES, type DocType, WRITE_CODES } from './api';
import { CountPanel } from './CountPanel';
import { DocForm } from './DocForm';
import { DocsPage } from './DocsPage';

/**
 * /spare/stock: stock per part and warehouse (below-minimum rows flagged), per bin and batch, and the movements;
 * buttons start a receipt, issue, transfer or stocktake adjustment.
 */
export default function StockPage() {
  const { t } = useTranslation('spare');
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState<DocType | null>(null);
  const allowed = DOC_TYPES.filter((ty) => WRITE_CODES[ty].some((c) => hasPermission(c)));
  const toolbar = () => (
    <span className="spare-toolbar">
      {allowed.map((ty) => (
        <Button key={ty} onClick={() => setCreating(ty)} data-testid={`spare-stock-new-${ty}`}>
          {t(`new.${ty}`)}
        </Button>
      ))}
    </span>
  );
  return (
    <>
      <Tabs
        items={[
          {
            key: 'stock',
            label: t('tabs.stock'),
            children: (
              <ResourceListPage
                entity="sparestock"
                toolbarExtra={toolbar}
                rowClassName={(row: Row) => (row.belowMin ? 'spare-below-min' : '')}
              />
            ),
          },
          { key: 'bins', label: t('tabs.bins'), children: <ResourceListPage entity="sparebinstock" /> },
          { key: 'moves', label: t('tabs.moves'), children: <ResourceListPage entity="sparemove" /> },
          ...(hasPermission('spare:stock:stocktake')
            ? [
                { key: 'count', label: t('tabs.count'), children: <CountPanel /> },
                { key: 'adjust', label: t('tabs.adjust'), children: <DocsPage type="adjust" /> },
              ]
            : []),
        ]}
      />
      {creating && (
        <DocForm
          type={creating}
          id={null}
          onClose={() => setCreating(null)}
          onSaved={() => void queryClient.invalidateQueries({ queryKey: ['resource-page'] })}
        />
      )}
    </>
  );
}
