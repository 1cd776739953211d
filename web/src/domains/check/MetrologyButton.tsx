import { Button, Drawer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNarrow } from '../../platform/ui/useMediaQuery';
import { WorkflowList } from './WorkflowList';

/**
 * The maintenance plan page's metrology plans: each instrument's calibration cycle and next due date, switched
 * on to make its calibration tasks (recorded on the maintenance task page's metrology view).
 */
export function MetrologyButton() {
  const { t } = useTranslation('check');
  const narrow = useNarrow();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="metrology-manage">
        {t('metrology.plans')}
      </Button>
      <Drawer
        open={open}
        title={t('metrology.plans')}
        width={narrow ? '100%' : 1100}
        onClose={() => setOpen(false)}
        destroyOnHidden
        data-testid="metrology-drawer"
      >
        <WorkflowList entity="mesurplan" testPrefix="mesurplan" />
      </Drawer>
    </>
  );
}
