import { Select, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { REF_TREE_LIMIT, useRefLabels, useRefOptions } from './api';
import { choiceTree } from './ref-tree';
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
export function RefSelect(props: Props) {
  return props.field.tree ? <RefTreeSelect {...props} /> : <RefListSelect {...props} />;
}

function RefListSelect({ field, value, onChange, disabled, multiple, placeholder, within }: Props) {
  const [keyword, setKeyword] = useState('');
  const { data, isFetching } = useRefOptions(field.optionsUrl, keyword, within);
  const values = (Array.isArray(value) ? value : value == null || value === '' ? [] : [value]).map(Number);
  const labels = useRefLabels(field.optionsUrl, values, data);
  const options = useMemo(() => [...(data ?? []), ...(labels.data ?? [])], [data, labels.data]);
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      mode={multiple ? 'multiple' : undefined}
      loading={isFetching}
      options={options}
      value={value as number | undefined}
      onChange={onChange}
      disabled={disabled}
      placeholder={placeholder}
      data-testid={`field-${field.name}`}
    />
  );
}

/** A reference to a tree (a category under its parent category): the whole tree, searched in the browser. */
function RefTreeSelect({ field, value, onChange, disabled, multiple, placeholder, within }: Props) {
  const { data, isFetching } = useRefOptions(field.optionsUrl, '', within, REF_TREE_LIMIT);
  const treeData = useMemo(() => choiceTree(data ?? []), [data]);
  return (
    <TreeSelect
      showSearch
      treeNodeFilterProp="title"
      allowClear
      treeDefaultExpandAll
      multiple={multiple}
      loading={isFetching}
      treeData={treeData}
      value={value as number | undefined}
      onChange={onChange}
      disabled={disabled}
      placeholder={placeholder}
      popupMatchSelectWidth={false}
      data-testid={`field-${field.name}`}
    />
  );
}
