import { DatePicker, Segmented } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { rangePresets } from '../../platform/time/date-ranges';
import { useEntityMeta } from '../../resources/api';
import { RefSelect } from '../../resources/RefSelect';
import type { ReportQuery } from './api';

/** The ref filters and the entity field their choices come from. */
const REF_FILTERS: Record<string, { entity: string; field: string }> = {
  workshopId: { entity: 'maintaintask', field: 'workshopId' },
  lineId: { entity: 'maintaintask', field: 'lineId' },
  categoryId: { entity: 'equipment', field: 'categoryId' },
  equipmentId: { entity: 'maintaintask', field: 'equipmentId' },
  userId: { entity: 'maintaintask', field: 'assigneeId' },
};

interface Props {
  filters: string[];
  groups?: string[];
  value: ReportQuery;
  onChange: (q: ReportQuery) => void;
}

/** A report's filter bar: period (spec 9 shortcuts), grouping, workshop, line, category, machine, person. */
export function ReportFilters({ filters, groups, value, onChange }: Props) {
  const { t } = useTranslation('reports');
  const orders = useEntityMeta('maintaintask');
  const machines = useEntityMeta('equipment');
  const set = (k: string, v: unknown) =>
    onChange({ ...value, [k]: v === null || v === undefined ? undefined : (v as string) });
  const range: [Dayjs, Dayjs] = [dayjs(String(value.start)), dayjs(String(value.end))];
  return (
    <div className="report-filters" data-testid="report-filters">
      {filters.includes('period') && (
        <DatePicker.RangePicker
          allowClear={false}
          value={range}
          presets={rangePresets((k) => t(`common:dateRange.${k}`))}
          onChange={(r) =>
            r?.[0] && r[1] && onChange({ ...value, start: r[0].format('YYYY-MM-DD'), end: r[1].format('YYYY-MM-DD') })
          }
          data-testid="report-period"
        />
      )}
      {groups && groups.length > 1 && (
        <Segmented
          value={String(value.groupBy ?? groups[0])}
          onChange={(g) => set('groupBy', g)}
          options={groups.map((g) => ({ value: g, label: <span data-testid={`group-${g}`}>{t(`groups.${g}`)}</span> }))}
        />
      )}
      {Object.entries(REF_FILTERS)
        .filter(([name]) => filters.includes(name))
        .map(([name, src]) => {
          const field = (src.entity === 'equipment' ? machines : orders).data?.fields.find((f) => f.name === src.field);
          return field ? (
            <div key={name} className="report-filter">
              <RefSelect
                field={field}
                value={value[name]}
                onChange={(v) => set(name, v)}
                placeholder={t(`filters.${name}`)}
              />
            </div>
          ) : null;
        })}
    </div>
  );
}
