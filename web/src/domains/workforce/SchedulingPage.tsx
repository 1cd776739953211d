import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '../../resources/ResourceListPage';
import { CyclesTab } from './CyclesTab';
import { MemberScheduleTab } from './MemberScheduleTab';
import './workforce.css';

/** /setUp/scheduling: shifts, shift cycles and the month schedule of each work group. */
export default function SchedulingPage() {
  const { t } = useTranslation('workforce');
  return (
    <Card variant="borderless" className="scheduling-page" data-testid="scheduling-page">
      <Tabs
        destroyOnHidden={false}
        items={[
          { key: 'shifts', label: t('scheduling.tabs.shifts'), children: <ResourceListPage entity="shift" /> },
          { key: 'cycles', label: t('scheduling.tabs.cycles'), children: <CyclesTab /> },
          { key: 'members', label: t('scheduling.tabs.members'), children: <MemberScheduleTab /> },
        ]}
      />
    </Card>
  );
}
