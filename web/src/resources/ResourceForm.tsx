import { useQuery } from '@tanstack/react-query';
import { Button, Col, Descriptions, Drawer, Form, Row as GridRow, Space, Spin } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../platform/http/client';
import { toast } from '../platform/ui/feedback';
import { validated } from '../platform/ui/validated';
import { fetchOne, saveRow } from './api';
import { withinOf } from './DependentRef';
import { displayValue, factsOnly } from './display';
import { FieldInput } from './FieldInput';
import type { EntityMeta, Row } from './types';
import { useFillOnce } from './useFillOnce';
import { namePath, toBody, toFormValues } from './values';

export type FormMode = 'create' | 'edit' | 'view';

interface Props {
  meta: EntityMeta;
  mode: FormMode;
  id: number | null;
  /** Values fixed by the page (the category kind of /eqmold/eqcategory/2, a line's workshop). */
  fixed?: Record<string, string | number>;
  onClose: () => void;
  onSaved: (row: Row) => void;
}

/** Issues of a refused save, as the server names them: [{ field, message }]. */
function issuesOf(err: unknown): { field: string; message: string }[] {
  if (!(err instanceof HttpError)) return [];
  const body = err.body as { field?: string; msg?: string; data?: unknown } | null;
  if (Array.isArray(body?.data)) return body.data as { field: string; message: string }[];
  return body?.field ? [{ field: body.field, message: body.msg ?? '' }] : [];
}

/** Create, edit and view of one record in a drawer; the inputs follow the metadata (custom fields included). */
export function ResourceForm({ meta, mode, id, fixed = {}, onClose, onSaved }: Props) {
  const { t } = useTranslation('resources');
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const {
    data: row,
    isFetching,
    isFetchedAfterMount,
  } = useQuery({
    queryKey: ['resource-row', meta.name, id],
    queryFn: () => fetchOne(meta, id!),
    enabled: id !== null && mode !== 'create',
    staleTime: 0,
  });
  const fields = useMemo(() => meta.fields.filter((f) => f.writable && !(f.name in fixed)), [meta, fixed]);

  // An edit shows its form once the record is here, fresh (not a copy cached from an earlier opening), and
  // fills it once: typing before the record came, or a refetch while typing, would otherwise be overwritten,
  // and a save meanwhile would send empty fields.
  const waiting = mode !== 'create' && !(row && isFetchedAfterMount);
  // The updatedAt of the record the form was filled from: an edit sends it, and the server refuses the save if
  // someone has saved the record since (a refetch meanwhile does not change what the form shows, nor this).
  const readAt = useRef<unknown>(null);
  useFillOnce(form, waiting ? null : `${mode}|${id}`, () => {
    readAt.current = mode === 'edit' ? (row?.updatedAt ?? null) : null;
    return toFormValues(fields, mode === 'create' ? null : row!);
  });

  const submit = async () => {
    const values = await validated(form);
    if (!values) return;
    setSaving(true);
    try {
      const read = readAt.current ? { updatedAt: readAt.current } : {};
      const saved = await saveRow(meta, {
        ...toBody(fields, values, mode === 'edit' ? id! : undefined),
        ...fixed,
        ...read,
      });
      toast('success', t('messages.saved'));
      onSaved(saved);
    } catch (err) {
      const issues = issuesOf(err);
      form.setFields(
        issues
          .map((i) => ({ f: meta.fields.find((x) => x.name === i.field), message: i.message }))
          .filter((x) => x.f)
          .map(({ f, message }) => ({ name: namePath(f!), errors: [message] })),
      );
    } finally {
      setSaving(false);
    }
  };

  const title = t(`form.${mode}`, { title: meta.title });
  return (
    <Drawer
      open
      title={title}
      size={720}
      onClose={onClose}
      destroyOnHidden
      data-testid="resource-form"
      extra={
        mode === 'view' ? null : (
          <Space>
            <Button onClick={onClose}>{t('actions.cancel')}</Button>
            <Button
              type="primary"
              loading={saving}
              disabled={waiting}
              onClick={submit}
              data-testid="resource-form-save"
            >
              {t('actions.save')}
            </Button>
          </Space>
        )
      }
    >
      <Spin spinning={isFetching}>
        {waiting ? (
          <div style={{ minHeight: 160 }} />
        ) : mode === 'view' && row ? (
          <Descriptions column={2} bordered size="small" data-testid="resource-view">
            {meta.fields
              .filter((f) => !factsOnly(f, row))
              .map((f) => (
                <Descriptions.Item key={f.name} label={f.label}>
                  {displayValue(f, row, t)}
                </Descriptions.Item>
              ))}
          </Descriptions>
        ) : (
          <Form form={form} layout="vertical" requiredMark>
            <GridRow gutter={16}>
              {fields.map((f) => (
                <Col key={f.name} span={['text', 'image', 'attachments'].includes(f.type) ? 24 : 12}>
                  <Form.Item
                    name={namePath(f)}
                    label={f.label}
                    valuePropName={f.type === 'boolean' ? 'checked' : 'value'}
                    rules={f.required ? [{ required: true, message: t('form.required', { label: f.label }) }] : []}
                  >
                    <FieldInput field={f} within={withinOf(meta.fields, f, fixed)} />
                  </Form.Item>
                </Col>
              ))}
            </GridRow>
          </Form>
        )}
      </Spin>
    </Drawer>
  );
}
