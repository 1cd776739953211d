import { ApartmentOutlined, NodeIndexOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ResourceListPage } from '../../resources/ResourceListPage';
import type { Row } from '../../resources/types';
import { BomTree } from './BomTree';
import './production.css';

/** /production/material: products, semi-finished goods and components; each opens its tree and where it is used. */
export function MaterialPage() {
  const { t } = useTranslation('production');
  const [open, setOpen] = useState<Row | null>(null);
  return (
    <>
      <ResourceListPage
        entity="material"
        rowActions={(row) => (
          <Button type="link" size="small" icon={<ApartmentOutlined />} onClick={() => setOpen(row)}>
            {t('bom.tree')}
          </Button>
        )}
      />
      {open && (
        <BomTree materialId={Number(open.id)} title={`${open.code} ${open.name}`} onClose={() => setOpen(null)} />
      )}
    </>
  );
}

/** /production/bom: the BOM versions of each product with their lines; the exploded tree of a BOM's product. */
export function BomPage() {
  const { t } = useTranslation('production');
  const [open, setOpen] = useState<Row | null>(null);
  return (
    <>
      <ResourceListPage
        entity="bom"
        rowActions={(row) => (
          <Button
            type="link"
            size="small"
            icon={<ApartmentOutlined />}
            data-testid="bom-open-tree"
            onClick={() => setOpen(row)}
          >
            {t('bom.tree')}
          </Button>
        )}
      />
      {open && (
        <BomTree
          materialId={Number(open.materialId)}
          title={String(open.materialName ?? open.code)}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}

export const ProcedurePage = () => <ResourceListPage entity="procedure" />;
export const StationPage = () => <ResourceListPage entity="station" />;

/** /production/routing: routings and process templates; a routing opens in the flow editor. */
export function RoutingPage() {
  const { t } = useTranslation('production');
  const navigate = useNavigate();
  return (
    <ResourceListPage
      entity="routing"
      rowActions={(row) => (
        <Button
          type="link"
          size="small"
          icon={<NodeIndexOutlined />}
          data-testid="routing-design"
          onClick={() => navigate(`/process/index?id=${row.id}`)}
        >
          {t('routing.design')}
        </Button>
      )}
    />
  );
}

/** /speedProgress/speedProgressRecord: every work report, filtered and paged in SQL. */
export const RecordsPage = () => <ResourceListPage entity="workreport" />;
