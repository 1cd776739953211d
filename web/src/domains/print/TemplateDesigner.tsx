import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Drawer, Form, Input, InputNumber, Select, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Envelope, HttpError, http } from '../../platform/http/client';
import type { EntityMeta, Option, Row } from '../../resources/types';
import { useMetas } from './api';
import { DesignCanvas } from './DesignCanvas';
import { ElementProps } from './ElementProps';
import { elementOfField, type NewKind, newElement, replaced, SIZE_PRESETS, sampleRecord } from './layout-edit';
import { extraLabels, KIND_ENTITY } from './record';
import type { PrintKind, PrintLayout } from './types';

const NEW_KINDS: NewKind[] = ['text', 'field', 'qr', 'barcode', 'table'];
const BASE = '/api-manage/printTemplates';

interface Draft {
  id?: number;
  updatedAt?: unknown;
  name: string;
  kind: PrintKind;
  widthMm: number;
  heightMm: number;
  isDefault: boolean;
  remark?: string | null;
  layout: PrintLayout;
}

const blank = (): Draft => ({
  name: '',
  kind: 'equipmentLabel',
  widthMm: 60,
  heightMm: 40,
  isDefault: false,
  layout: { elements: [] },
});

const fieldOptions = (meta: EntityMeta | undefined, extras: Record<string, string>, names: string[]): Option[] => [
  ...names.map((n) => ({ value: n, label: extras[n]! })),
  ...(meta?.fields ?? [])
    .filter((f) => !['json', 'image', 'attachments'].includes(f.type))
    .map((f) => ({ value: f.name, label: f.label })),
];

/** The designer of a template (new when id is null): its page, its elements on a live preview, their properties. */
export function TemplateDesigner({
  id,
  kindOptions,
  onClose,
}: {
  id: number | null;
  kindOptions: Option[];
  onClose: () => void;
}) {
  const { t } = useTranslation('print');
  const { message } = App.useApp();
  const client = useQueryClient();
  const stored = useQuery({
    queryKey: ['print-template', id],
    enabled: id !== null,
    queryFn: async () => (await http.get<Envelope<Row>>(`${BASE}/get`, { id: id! })).data,
    staleTime: 0,
  });
  const [draft, setDraft] = useState<Draft | null>(id === null ? blank() : null);
  const [selected, setSelected] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (stored.data) setDraft(stored.data as unknown as Draft);
  }, [stored.data]);
  const def = KIND_ENTITY[draft?.kind ?? 'equipmentLabel'];
  const listNames = Object.keys(def.lists);
  const { metas } = useMetas([def.entity, ...listNames.map((n) => def.lists[n]!)]);
  const extras = extraLabels(t);
  const fields = fieldOptions(metas[0], extras, ['scan', 'printedAt']);
  const lists = listNames.map((n, i) => ({ value: n, label: metas[i + 1]?.title ?? n }));
  const rowFields = (list: string) => fieldOptions(metas[listNames.indexOf(list) + 1], extras, ['no']);
  const labels = Object.fromEntries(fields.map((f) => [String(f.value), f.label]));
  const listLabels = Object.fromEntries(
    listNames.map((n) => [n, Object.fromEntries(rowFields(n).map((f) => [String(f.value), f.label]))]),
  );
  const sample = sampleRecord(draft?.kind ?? 'equipmentLabel', labels, listLabels);

  if (!draft)
    return (
      <Drawer open onClose={onClose}>
        <Spin />
      </Drawer>
    );
  const set = (p: Partial<Draft>) => setDraft({ ...draft, ...p });
  const page = { w: draft.widthMm, h: draft.heightMm };
  const add = (kind: NewKind) => {
    set({ layout: { elements: [...draft.layout.elements, newElement(kind, page, listNames[0] ?? null)] } });
    setSelected(draft.layout.elements.length);
  };
  const save = async () => {
    setSaving(true);
    try {
      const { id: key, updatedAt, name, kind, widthMm, heightMm, isDefault, remark, layout } = draft;
      const body = {
        name,
        kind,
        widthMm,
        heightMm,
        isDefault,
        remark: remark ?? null,
        layout,
        ...(key ? { id: key, updatedAt } : {}),
      };
      await http.post<Envelope<Row>>(`${BASE}/${draft.id ? 'update' : 'save'}`, body);
      message.success(t('designer.saved'));
      await client.invalidateQueries({ queryKey: ['print-templates'] });
      await client.invalidateQueries({ queryKey: ['resource-page', 'printtemplate'] });
      onClose();
    } catch (err) {
      const field = err instanceof HttpError ? (err.body as { field?: unknown } | null)?.field : null;
      const at = elementOfField(field);
      if (at !== null && at < draft.layout.elements.length) setSelected(at);
    } finally {
      setSaving(false);
    }
  };
  const el = selected !== null ? draft.layout.elements[selected] : undefined;
  return (
    <Drawer
      open
      width="min(1200px, 100vw)"
      onClose={onClose}
      title={draft.id ? t('designer.editTitle') : t('designer.newTitle')}
      extra={
        <Button type="primary" loading={saving} onClick={() => void save()} data-testid="tp-save">
          {t('designer.save')}
        </Button>
      }
    >
      <Form layout="vertical" size="small">
        <Space wrap align="end">
          <Form.Item label={t('designer.name')} required>
            <Input
              value={draft.name}
              onChange={(e) => set({ name: e.target.value })}
              maxLength={100}
              data-testid="tp-name"
            />
          </Form.Item>
          <Form.Item label={t('designer.kind')} required>
            <Select
              style={{ width: 170 }}
              value={draft.kind}
              options={kindOptions}
              onChange={(kind) => set({ kind: kind as PrintKind })}
              data-testid="tp-kind"
            />
          </Form.Item>
          <Form.Item label={t('designer.size')}>
            <Select
              style={{ width: 120 }}
              value={SIZE_PRESETS.find((p) => p.w === draft.widthMm && p.h === draft.heightMm)?.key ?? null}
              placeholder={t('designer.custom')}
              options={SIZE_PRESETS.map((p) => ({ value: p.key, label: p.key }))}
              onChange={(k) => {
                const p = SIZE_PRESETS.find((x) => x.key === k)!;
                set({ widthMm: p.w, heightMm: p.h });
              }}
            />
          </Form.Item>
          <Form.Item label={t('designer.widthMm')}>
            <InputNumber
              min={10}
              max={1000}
              value={draft.widthMm}
              onChange={(v) => set({ widthMm: Number(v ?? 10) })}
            />
          </Form.Item>
          <Form.Item label={t('designer.heightMm')}>
            <InputNumber
              min={10}
              max={2000}
              value={draft.heightMm}
              onChange={(v) => set({ heightMm: Number(v ?? 10) })}
            />
          </Form.Item>
          <Form.Item>
            <Checkbox checked={draft.isDefault} onChange={(e) => set({ isDefault: e.target.checked })}>
              {t('designer.isDefault')}
            </Checkbox>
          </Form.Item>
        </Space>
      </Form>
      <Space wrap style={{ marginBottom: 8 }}>
        {NEW_KINDS.filter((k) => k !== 'table' || listNames.length > 0).map((k) => (
          <Button key={k} size="small" onClick={() => add(k)} data-testid={`tp-add-${k}`}>
            + {t(`designer.kinds.${k}`)}
          </Button>
        ))}
      </Space>
      <div className="tp-designer">
        <DesignCanvas
          widthMm={draft.widthMm}
          heightMm={draft.heightMm}
          layout={draft.layout}
          sample={sample}
          selected={selected}
          onSelect={setSelected}
          onChange={(i, e) => set({ layout: replaced(draft.layout, i, e) })}
        />
        <div>
          {el ? (
            <ElementProps
              el={el}
              fields={fields}
              lists={lists}
              rowFields={rowFields}
              onChange={(e) => set({ layout: replaced(draft.layout, selected!, e) })}
              onRemove={() => {
                set({ layout: { elements: draft.layout.elements.filter((_, j) => j !== selected) } });
                setSelected(null);
              }}
            />
          ) : (
            <p>{t('designer.selectHint')}</p>
          )}
        </div>
      </div>
    </Drawer>
  );
}
