import { useQueries } from '@tanstack/react-query';
import { Badge, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldMeta } from '../../resources/types';
import { countOrders, ENTITY } from './api';

export const ALL = 'all';

interface Props {
  /** The state field (its option labels name the tabs). */
  field: FieldMeta | undefined;
  /** The search form's filters: the counts follow them. */
  filters: Record<string, string | number>;
  value: string;
  onChange: (state: string) => void;
}

/** One tab per state and one for all, each with the number of orders the server counts for it. */
export function StateTabs({ field, filters, value, onChange }: Props) {
  const { t } = useTranslation('repair');
  // The states in the order the server declares them (the order of an order's life).
  const keys = [ALL, ...(field?.options ?? []).map((o) => String(o.value))];
  // Under the list's query key: the list's refresh and realtime pushes recount them.
  const counts = useQueries({
    queries: keys.map((state) => ({
      queryKey: ['resource-page', ENTITY, 'count', filters, state],
      queryFn: () => countOrders(state === ALL ? filters : { ...filters, state }),
      staleTime: 0,
    })),
  });
  const label = (state: string) =>
    state === ALL ? t('tabs.all') : (field?.options?.find((o) => o.value === state)?.label ?? state);
  return (
    <Tabs
      activeKey={value}
      onChange={onChange}
      data-testid="repair-state-tabs"
      items={keys.map((state, i) => ({
        key: state,
        label: (
          <span data-testid={`repair-tab-${state}`}>
            {label(state)}{' '}
            <span data-testid={`repair-count-${state}`} data-count={counts[i]?.data ?? ''}>
              <Badge count={counts[i]?.data ?? 0} showZero overflowCount={99_999} color="blue" />
            </span>
          </span>
        ),
      }))}
    />
  );
}
