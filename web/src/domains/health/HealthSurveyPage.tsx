import { Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '../../resources/ResourceListPage';
import { HealthLinkButton } from './HealthLinkButton';
import { MissingList } from './MissingList';
import { SurveyStatistics } from './SurveyStatistics';
import './health.css';

const VIEWS = ['list', 'missing', 'stats'] as const;
type View = (typeof VIEWS)[number];

/**
 * /healthSurvey/index (健康登记): the day's registrations (filters, flags, office entry, export), who has not
 * registered, the statistics per department and day, and the QR code of the tenant's public registration page.
 */
export default function HealthSurveyPage() {
  const { t } = useTranslation('health');
  const [view, setView] = useState<View>('list');
  return (
    <div className="health-page">
      <Segmented<View>
        value={view}
        onChange={setView}
        options={VIEWS.map((v) => ({ value: v, label: <span data-testid={`health-tab-${v}`}>{t(`tabs.${v}`)}</span> }))}
      />
      {view === 'list' && (
        <ResourceListPage
          entity="eqhealthsurvey"
          rowClassName={(r) => (r.flagged ? 'health-flagged' : '')}
          toolbarExtra={() => <HealthLinkButton />}
        />
      )}
      {view === 'missing' && <MissingList />}
      {view === 'stats' && <SurveyStatistics />}
    </div>
  );
}
