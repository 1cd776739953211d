import { Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '../../resources/ResourceListPage';
import { AdjustButton } from './AdjustButton';
import { RankingView } from './RankingView';

type View = 'ranking' | 'ledger';

/** /integral/ledger (积分明细与排行): the month's ranking per person and group, and the ledger with adjustments. */
export default function LedgerPage() {
  const { t } = useTranslation('integral');
  const [view, setView] = useState<View>('ranking');
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Segmented<View>
        value={view}
        onChange={setView}
        options={(['ranking', 'ledger'] as const).map((v) => ({
          value: v,
          label: <span data-testid={`integral-tab-${v}`}>{t(`tabs.${v}`)}</span>,
        }))}
      />
      {view === 'ranking' ? (
        <RankingView />
      ) : (
        <ResourceListPage entity="integralledger" toolbarExtra={(ctx) => <AdjustButton onDone={ctx.refresh} />} />
      )}
    </div>
  );
}
