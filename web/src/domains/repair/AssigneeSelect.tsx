import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Envelope, http } from '../../platform/http/client';
import { useRefOptions } from '../../resources/api';
import type { FieldMeta } from '../../resources/types';
import { BASE } from './api';

interface OnDuty {
  id: number;
  name: string;
  shiftName: string;
  workgroupName: string | null;
}

interface Props {
  field: FieldMeta;
  value?: unknown;
  onChange?: (value: unknown) => void;
}

/**
 * Whom to dispatch to: the members on a shift right now first (with their shift and work group), then everyone
 * the field offers. A breakdown at night goes to the night shift without looking up the roster.
 */
export function AssigneeSelect({ field, value, onChange }: Props) {
  const { t } = useTranslation('repair');
  const [keyword, setKeyword] = useState('');
  const { data: everyone, isFetching } = useRefOptions(field.optionsUrl, keyword);
  const { data: onDuty } = useQuery({
    queryKey: ['repair-on-duty'],
    queryFn: async () => (await http.get<Envelope<OnDuty[]>>(`${BASE}/onDuty`)).data,
    staleTime: 60_000,
  });
  const word = keyword.trim().toLowerCase();
  const duty = (onDuty ?? []).filter((m) => !word || m.name.toLowerCase().includes(word));
  const dutyIds = new Set(duty.map((m) => m.id));
  const options = [
    ...(duty.length
      ? [
          {
            label: t('dispatch.onDuty'),
            options: duty.map((m) => ({
              value: m.id,
              label: `${m.name} · ${[m.shiftName, m.workgroupName].filter(Boolean).join(' · ')}`,
            })),
          },
        ]
      : []),
    {
      label: t('dispatch.everyone'),
      options: (everyone ?? []).filter((o) => !dutyIds.has(Number(o.value))),
    },
  ];
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      loading={isFetching}
      options={options}
      value={value as number | undefined}
      onChange={onChange}
      data-testid={`field-${field.name}`}
    />
  );
}
