import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Option } from '../../resources/types';
import type { PrintElement, TableElement } from './types';

const SYMBOLOGIES = ['code128', 'code39', 'ean13', 'datamatrix'] as const;
const ALIGNS = ['left', 'center', 'right'] as const;

type Patch = Partial<PrintElement>;

function Num({
  label,
  value,
  onChange,
  min = 0,
}: {
  label: string;
  value: number;
  onChange: (v: number) => void;
  min?: number;
}) {
  return (
    <Form.Item label={label} style={{ marginBottom: 8 }}>
      <InputNumber
        min={min}
        step={0.5}
        value={value}
        onChange={(v) => onChange(Number(v ?? min))}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
}

/** A text with placeholders, and a picker that appends `{field}` of a chosen field. */
function Content({
  label,
  value,
  fields,
  onChange,
}: {
  label: string;
  value: string;
  fields: Option[];
  onChange: (v: string) => void;
}) {
  const { t } = useTranslation('print');
  return (
    <Form.Item
      label={label}
      extra={t('designer.placeholderHint', { example: '{code}', interpolation: { escapeValue: false } })}
      style={{ marginBottom: 8 }}
    >
      <Input.TextArea autoSize value={value} onChange={(e) => onChange(e.target.value)} data-testid="tp-content" />
      <Select
        size="small"
        placeholder={t('designer.insertField')}
        value={null}
        options={fields}
        onChange={(f) => onChange(`${value}{${String(f)}}`)}
        style={{ width: '100%', marginTop: 4 }}
        showSearch={{ optionFilterProp: 'label' }}
      />
    </Form.Item>
  );
}

function Columns({ el, rowFields, set }: { el: TableElement; rowFields: Option[]; set: (p: Patch) => void }) {
  const { t } = useTranslation('print');
  const columns = el.columns;
  const put = (i: number, c: Partial<TableElement['columns'][number]>) =>
    set({ columns: columns.map((x, j) => (j === i ? { ...x, ...c } : x)) } as Patch);
  return (
    <Form.Item label={t('designer.columns')} style={{ marginBottom: 8 }}>
      {columns.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a column is its place in the table
        <div className="tp-columns" key={i}>
          <Select size="small" value={c.field} options={rowFields} onChange={(v) => put(i, { field: String(v) })} />
          <Input
            size="small"
            placeholder={t('designer.ownTitle')}
            value={c.title ?? ''}
            onChange={(e) => put(i, { title: e.target.value || undefined })}
          />
          <InputNumber size="small" min={1} value={c.width} onChange={(v) => put(i, { width: Number(v ?? 1) })} />
          <Button
            size="small"
            icon={<DeleteOutlined />}
            aria-label={t('designer.remove')}
            onClick={() => set({ columns: columns.filter((_, j) => j !== i) } as Patch)}
          />
        </div>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        onClick={() =>
          set({ columns: [...columns, { field: String(rowFields[0]?.value ?? 'no'), width: 20 }] } as Patch)
        }
      >
        {t('designer.addColumn')}
      </Button>
    </Form.Item>
  );
}

/** The properties of the selected element: position and size in mm, and what its kind needs. */
export function ElementProps({
  el,
  fields,
  lists,
  rowFields,
  onChange,
  onRemove,
}: {
  el: PrintElement;
  fields: Option[];
  lists: Option[];
  rowFields: (list: string) => Option[];
  onChange: (el: PrintElement) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('print');
  const set = (p: Patch) => onChange({ ...el, ...p } as PrintElement);
  const typed = el.kind === 'text' || el.kind === 'field' || el.kind === 'table';
  return (
    <Form layout="vertical" size="small" data-testid="tp-props">
      <Space wrap>
        <strong>{t(`designer.kinds.${el.kind}`)}</strong>
        <Button size="small" danger icon={<DeleteOutlined />} onClick={onRemove} data-testid="tp-remove">
          {t('designer.remove')}
        </Button>
      </Space>
      <div className="tp-columns" style={{ gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' }}>
        <Num label="X" value={el.x} onChange={(x) => set({ x })} />
        <Num label="Y" value={el.y} onChange={(y) => set({ y })} />
        <Num label={t('designer.w')} value={el.w} min={1} onChange={(w) => set({ w })} />
        <Num label={t('designer.h')} value={el.h} min={1} onChange={(h) => set({ h })} />
      </div>
      {el.kind === 'text' && (
        <Content label={t('designer.text')} value={el.text} fields={fields} onChange={(text) => set({ text })} />
      )}
      {el.kind === 'field' && (
        <>
          <Form.Item label={t('designer.field')} style={{ marginBottom: 8 }}>
            <Select
              value={el.field}
              options={fields}
              onChange={(f) => set({ field: String(f) })}
              showSearch={{ optionFilterProp: 'label' }}
              data-testid="tp-field"
            />
          </Form.Item>
          <Checkbox checked={el.showLabel === true} onChange={(e) => set({ showLabel: e.target.checked })}>
            {t('designer.showLabel')}
          </Checkbox>
        </>
      )}
      {(el.kind === 'qr' || el.kind === 'barcode') && (
        <Content
          label={t('designer.content')}
          value={el.content}
          fields={fields}
          onChange={(content) => set({ content })}
        />
      )}
      {el.kind === 'barcode' && (
        <>
          <Form.Item label={t('designer.symbology')} style={{ marginBottom: 8 }}>
            <Select
              value={el.symbology}
              options={SYMBOLOGIES.map((s) => ({ value: s, label: t(`designer.symbologies.${s}`) }))}
              onChange={(symbology) => set({ symbology })}
            />
          </Form.Item>
          <Checkbox checked={el.showText === true} onChange={(e) => set({ showText: e.target.checked })}>
            {t('designer.showText')}
          </Checkbox>
        </>
      )}
      {el.kind === 'table' && (
        <>
          <Form.Item label={t('designer.source')} style={{ marginBottom: 8 }}>
            <Select value={el.source || null} options={lists} onChange={(source) => set({ source: String(source) })} />
          </Form.Item>
          <Num
            label={t('designer.rowHeight')}
            value={el.rowHeight}
            min={3}
            onChange={(rowHeight) => set({ rowHeight })}
          />
          <Columns el={el} rowFields={rowFields(el.source)} set={set} />
        </>
      )}
      {typed && (
        <Space wrap style={{ marginTop: 8 }}>
          <InputNumber
            min={4}
            max={72}
            addonAfter="pt"
            value={el.fontSize ?? 9}
            onChange={(v) => set({ fontSize: Number(v ?? 9) })}
            aria-label={t('designer.fontSize')}
            style={{ width: 110 }}
          />
          {el.kind !== 'table' && (
            <>
              <Checkbox checked={el.bold === true} onChange={(e) => set({ bold: e.target.checked })}>
                {t('designer.bold')}
              </Checkbox>
              <Select
                value={el.align ?? 'left'}
                options={ALIGNS.map((a) => ({ value: a, label: t(`designer.aligns.${a}`) }))}
                onChange={(align) => set({ align })}
                style={{ width: 90 }}
              />
            </>
          )}
        </Space>
      )}
    </Form>
  );
}
