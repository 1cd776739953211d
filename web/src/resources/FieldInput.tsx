import { DatePicker, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { DependentRefSelect, type Within } from './DependentRef';
import { FileInput } from './FileInput';
import { RefSelect } from './RefSelect';
import type { FieldMeta } from './types';

interface Props {
  field: FieldMeta;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  /** In a search form: lists allow several values, texts are plain inputs. */
  search?: boolean;
  placeholder?: string;
  /** A dependent ref in a record form: the field it is chosen within (search forms offer every choice). */
  within?: Within;
}

/** The input of a field, switched on its type (create, edit and search share it). */
export function FieldInput({ field, value, onChange, disabled, search, placeholder, within }: Props) {
  const { t } = useTranslation('resources');
  const choose = ['ref', 'enum', 'dict', 'boolean', 'date', 'datetime'].includes(field.type);
  const ph = placeholder ?? t(choose ? 'form.choose' : 'form.placeholder', { label: field.label });
  const testId = `field-${field.name}`;
  const common = { disabled, placeholder: ph, 'data-testid': testId };
  switch (field.type) {
    case 'ref':
      if (within && !search)
        return (
          <DependentRefSelect
            field={field}
            within={within}
            value={value}
            onChange={onChange}
            disabled={disabled}
            placeholder={ph}
          />
        );
      return (
        <RefSelect
          field={field}
          value={value}
          onChange={onChange}
          disabled={disabled}
          multiple={search && field.filter === 'in'}
          placeholder={ph}
        />
      );
    case 'enum':
    case 'dict':
      return (
        <Select
          allowClear
          mode={search && field.filter === 'in' ? 'multiple' : undefined}
          options={field.options ?? []}
          value={value as string | undefined}
          onChange={onChange}
          showSearch={{ optionFilterProp: 'label' }}
          {...common}
        />
      );
    case 'boolean':
      return search ? (
        <Select
          allowClear
          options={[
            { value: 'true', label: t('values.yes') },
            { value: 'false', label: t('values.no') },
          ]}
          value={value as string | undefined}
          onChange={onChange}
          {...common}
        />
      ) : (
        <Switch checked={!!value} onChange={onChange} disabled={disabled} data-testid={testId} />
      );
    case 'integer':
    case 'decimal':
      return (
        <InputNumber
          style={{ width: '100%' }}
          min={field.min}
          max={field.max}
          precision={field.type === 'integer' ? 0 : undefined}
          value={value as number | undefined}
          onChange={(v) => onChange?.(v)}
          {...common}
        />
      );
    case 'date':
      return (
        <DatePicker style={{ width: '100%' }} value={value as never} onChange={(v) => onChange?.(v)} {...common} />
      );
    case 'datetime':
      return (
        <DatePicker
          showTime
          style={{ width: '100%' }}
          value={value as never}
          onChange={(v) => onChange?.(v)}
          {...common}
        />
      );
    case 'text':
      return search ? (
        <Input allowClear value={value as string} onChange={(e) => onChange?.(e.target.value)} {...common} />
      ) : (
        <Input.TextArea
          rows={3}
          maxLength={field.maxLength}
          value={value as string}
          onChange={(e) => onChange?.(e.target.value)}
          {...common}
        />
      );
    case 'image':
    case 'attachments':
      if (!search)
        return <FileInput kind={field.type} value={value} onChange={onChange} disabled={disabled} testId={testId} />;
      return <Input disabled data-testid={testId} />;
    case 'json':
      return (
        <Input
          disabled
          value={
            Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ') : ''
          }
          data-testid={testId}
        />
      );
    default:
      return (
        <Input
          allowClear
          maxLength={field.maxLength}
          value={value as string}
          onChange={(e) => onChange?.(e.target.value)}
          {...common}
        />
      );
  }
}
