import { Button, Drawer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNarrow } from '../../platform/ui/useMediaQuery';
import { ResourceListPage } from '../../resources/ResourceListPage';

/**
 * The plan page's check routes: ordered walks through machines of the page's kind (each stop may bring its own
 * scheme). A plan that names a route makes one task per due time covering the walk.
 */
export function RouteButton({ kind }: { kind: number }) {
  const { t } = useTranslation('check');
  const narrow = useNarrow();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="route-manage">
        {t('route.manage')}
      </Button>
      <Drawer
        open={open}
        title={t('route.manage')}
        width={narrow ? '100%' : 960}
        onClose={() => setOpen(false)}
        destroyOnHidden
        data-testid="route-drawer"
      >
        <ResourceListPage entity="checkline" fixed={{ kind }} />
      </Drawer>
    </>
  );
}
