import { Form } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { REF_OPTIONS_LIMIT, useRefOptions } from './api';
import { RefSelect } from './RefSelect';
import type { FieldMeta } from './types';
import { namePath } from './values';

/** The field a dependent ref is chosen within, and its value when the page fixes it. */
export interface Within {
  field: FieldMeta;
  fixed?: string | number;
}

/** The parent of a dependent field among the entity's fields (fixed values of the page included). */
export function withinOf(
  all: FieldMeta[],
  f: FieldMeta,
  fixed: Record<string, string | number> = {},
): Within | undefined {
  const parent = f.within ? all.find((x) => x.name === f.within) : undefined;
  return parent ? { field: parent, fixed: fixed[parent.name] } : undefined;
}

interface Props {
  field: FieldMeta;
  within: Within;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  placeholder?: string;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/**
 * A reference chosen within the form's value of another field (a line within the chosen workshop): the
 * choices follow the parent, the select waits for a required parent, and a value that does not belong to a
 * newly chosen parent is cleared.
 */
export function DependentRefSelect({ field, within, value, onChange, disabled, placeholder }: Props) {
  const { t } = useTranslation('resources');
  const form = Form.useFormInstance();
  const watched = Form.useWatch(namePath(within.field), form);
  const parentValue = (within.fixed ?? watched) as string | number | null | undefined;
  const noParent = isEmpty(parentValue);
  const waiting = noParent && within.field.required;
  const { data: choices, isFetching } = useRefOptions(field.optionsUrl, '', noParent ? null : parentValue);

  useEffect(() => {
    if (isEmpty(value)) return;
    if (waiting) onChange?.(undefined);
    else if (!noParent && choices && !isFetching && choices.length < REF_OPTIONS_LIMIT) {
      if (!choices.some((o) => o.value === value)) onChange?.(undefined);
    }
  }, [value, waiting, noParent, choices, isFetching, onChange]);

  return (
    <RefSelect
      field={field}
      value={value}
      onChange={onChange}
      within={noParent ? null : parentValue}
      disabled={disabled || waiting}
      placeholder={waiting ? t('form.chooseFirst', { label: within.field.label }) : placeholder}
    />
  );
}
