import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Envelope, http } from '../../platform/http/client';
import { useRefLabels, useRefOptions } from '../../resources/api';
import type { FieldMeta } from '../../resources/types';
import { BASE } from './api';
import { type Assignee, assigneeOptions } from './assignee-options';

interface Props {
  field: FieldMeta;
  /** The order being dispatched: its work group's members come first. */
  orderId: unknown;
  value?: unknown;
  onChange?: (value: unknown) => void;
}

/**
 * Whom to dispatch to: the members of the order's work group first (its leader marked, with the shift they are
 * on), then the others on a shift right now, then everyone the field offers. A breakdown at night goes to the
 * night shift without looking up the roster.
 */
export function AssigneeSelect({ field, orderId, value, onChange }: Props) {
  const { t } = useTranslation('repair');
  const [keyword, setKeyword] = useState('');
  const { data: everyone, isFetching } = useRefOptions(field.optionsUrl, keyword);
  const { data: first } = useQuery({
    queryKey: ['repair-assignees', orderId],
    queryFn: async () => (await http.get<Envelope<Assignee[]>>(`${BASE}/assignees`, { id: Number(orderId) })).data,
    enabled: orderId !== undefined && orderId !== null,
    staleTime: 60_000,
  });
  // The order's current assignee may be on neither list nor the first page of everyone: its name, not its id.
  const current = typeof value === 'number' && !(first ?? []).some((a) => a.id === value) ? [value] : [];
  const { data: named } = useRefLabels(field.optionsUrl, current, everyone);
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      loading={isFetching}
      options={assigneeOptions(first ?? [], [...(everyone ?? []), ...(named ?? [])], keyword, t)}
      value={value as number | undefined}
      onChange={onChange}
      data-testid={`field-${field.name}`}
    />
  );
}
