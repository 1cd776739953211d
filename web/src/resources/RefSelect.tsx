import { Select } from 'antd';
import { useState } from 'react';
import { useRefOptions } from './api';
import type { FieldMeta } from './types';

interface Props {
  field: FieldMeta;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  multiple?: boolean;
  placeholder?: string;
  /** The parent value a dependent ref's choices must belong to. */
  within?: string | number | null;
}

/** A searchable select of a reference field's choices (loaded from the server as the user types). */
export function RefSelect({ field, value, onChange, disabled, multiple, placeholder, within }: Props) {
  const [keyword, setKeyword] = useState('');
  const { data, isFetching } = useRefOptions(field.optionsUrl, keyword, within);
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      mode={multiple ? 'multiple' : undefined}
      loading={isFetching}
      options={data ?? []}
      value={value as number | undefined}
      onChange={onChange}
      disabled={disabled}
      placeholder={placeholder}
      data-testid={`field-${field.name}`}
    />
  );
}
