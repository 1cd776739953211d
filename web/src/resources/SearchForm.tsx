import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Col, DatePicker, Form, InputNumber, Row, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldInput } from './FieldInput';
import type { FieldMeta } from './types';
import { toQuery } from './values';

interface Props {
  fields: FieldMeta[];
  onSearch: (query: Record<string, string | number>) => void;
  /** Folded away (a phone's list until its filters are asked for); the values stay. */
  hidden?: boolean;
}

const itemName = (f: FieldMeta) => f.name.replace('.', '__');

function RangeInput({
  field,
  value,
  onChange,
}: {
  field: FieldMeta;
  value?: unknown[];
  onChange?: (v: unknown[]) => void;
}) {
  const { t } = useTranslation('resources');
  if (field.type === 'date' || field.type === 'datetime')
    return (
      <DatePicker.RangePicker
        style={{ width: '100%' }}
        value={value as never}
        onChange={(v) => onChange?.([v?.[0] ?? null, v?.[1] ?? null])}
        data-testid={`search-${field.name}`}
      />
    );
  const [from, to] = value ?? [];
  return (
    <Space.Compact style={{ width: '100%' }}>
      <InputNumber
        style={{ width: '50%' }}
        placeholder={t('search.from')}
        value={from as number}
        onChange={(v) => onChange?.([v, to])}
      />
      <InputNumber
        style={{ width: '50%' }}
        placeholder={t('search.to')}
        value={to as number}
        onChange={(v) => onChange?.([from, v])}
      />
    </Space.Compact>
  );
}

/** Filters shown before the form is expanded. */
const FOLDED = 3;

/** The search form of a list, one input per declared filter (eq, like, range, in); folded to the first few. */
export function SearchForm({ fields, onSearch, hidden = false }: Props) {
  const { t } = useTranslation('resources');
  const [form] = Form.useForm();
  const [expanded, setExpanded] = useState(false);
  const filters = fields.filter((f) => f.filter);
  if (filters.length === 0) return null;
  const submit = () => onSearch(toQuery(filters, form.getFieldsValue()));
  return (
    <Form
      form={form}
      layout="vertical"
      className="resource-search"
      onFinish={submit}
      hidden={hidden}
      data-testid="resource-search"
    >
      <Row gutter={16} align="bottom">
        {filters.map((f, i) => (
          <Col
            key={f.name}
            xs={24}
            sm={12}
            md={8}
            xl={6}
            style={!expanded && i >= FOLDED ? { display: 'none' } : undefined}
          >
            <Form.Item name={itemName(f)} label={f.label}>
              {f.filter === 'range' ? <RangeInput field={f} /> : <FieldInput field={f} search />}
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} sm={12} md={8} xl={6}>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" data-testid="resource-search-submit">
                {t('actions.search')}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  submit();
                }}
              >
                {t('actions.reset')}
              </Button>
              {filters.length > FOLDED && (
                <Button type="link" onClick={() => setExpanded(!expanded)} data-testid="resource-search-toggle">
                  {expanded ? t('actions.collapse') : t('actions.expand')}
                  {expanded ? <UpOutlined /> : <DownOutlined />}
                </Button>
              )}
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
