import { PlusOutlined } from '@ant-design/icons';
import { Button, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEntityMeta } from '../../resources/api';
import { type ListContext, ResourceListPage } from '../../resources/ResourceListPage';
import type { EntityMeta, Row } from '../../resources/types';
import { PartForm } from './PartForm';

interface Props {
  row: Row;
  entries: EntityMeta['children'];
  /** Reload the order (its costs follow its lines). */
  onChanged: () => Promise<void> | void;
}

/** Parts first: what a technician records most. */
const partsFirst = (a: { entity: string }, b: { entity: string }) =>
  Number(b.entity === 'repairpart') - Number(a.entity === 'repairpart');

function Title({ entity }: { entity: string }) {
  const { data } = useEntityMeta(entity);
  return <span data-testid={`order-lines-tab-${entity}`}>{data?.title ?? ''}</span>;
}

/**
 * A repair order's parts, labour and outside repair, in its drawer and its finish dialog. A part is recorded
 * through its own form (from stock: issued at once at the average cost; or not from stock).
 */
export function OrderLines({ row, entries, onChanged }: Props) {
  const { t } = useTranslation('repair');
  const [adding, setAdding] = useState<ListContext | null>(null);
  return (
    <div className="repair-order-lines" data-testid="repair-order-lines">
      <Tabs
        size="small"
        items={[...entries].sort(partsFirst).map((c) => ({
          key: c.as,
          label: <Title entity={c.entity} />,
          children: (
            <ResourceListPage
              entity={c.entity}
              fixed={{ [c.field]: row.id }}
              nested
              addButton={
                c.entity === 'repairpart'
                  ? (ctx) => (
                      <Button
                        type="primary"
                        icon={<PlusOutlined />}
                        onClick={() => setAdding(ctx)}
                        data-testid="repair-part-add"
                      >
                        {t('parts.add')}
                      </Button>
                    )
                  : undefined
              }
            />
          ),
        }))}
      />
      {adding && (
        <PartForm
          orderId={row.id}
          onClose={() => setAdding(null)}
          onSaved={async () => {
            await adding.refresh();
            await onChanged();
          }}
        />
      )}
    </div>
  );
}
