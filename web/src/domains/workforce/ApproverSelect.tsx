import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useRef, useState } from 'react';
import { type Named, searchApprovers } from './flow-api';

interface Props {
  kind: 'role' | 'user';
  /** Names of the ids chosen before (the step as saved), so they show before any search. */
  initial: Named[];
  value?: number[];
  onChange?: (value: number[]) => void;
  placeholder?: string;
  testId: string;
}

/** A searchable multi-select of users or roles; chosen names stay visible whatever the current search. */
export function ApproverSelect({ kind, initial, value, onChange, placeholder, testId }: Props) {
  const [keyword, setKeyword] = useState('');
  const known = useRef(new Map<number, string>());
  for (const n of initial) if (!known.current.has(n.id)) known.current.set(n.id, n.name);
  const { data, isFetching } = useQuery({
    queryKey: ['workforce', 'approver-choices', kind, keyword],
    queryFn: () => searchApprovers(kind, keyword),
    staleTime: 30_000,
  });
  for (const n of data ?? []) known.current.set(n.id, n.name);
  const shown = new Map<number, string>((data ?? []).map((n) => [n.id, n.name]));
  for (const id of value ?? []) if (!shown.has(id)) shown.set(id, known.current.get(id) ?? String(id));
  return (
    <Select
      mode="multiple"
      allowClear
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={isFetching}
      options={[...shown].map(([id, name]) => ({ value: id, label: name }))}
      value={value ?? []}
      onChange={onChange}
      onBlur={() => setKeyword('')}
      placeholder={placeholder}
      data-testid={testId}
    />
  );
}
