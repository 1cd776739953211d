import { Col, Form, Row as GridRow, Modal, Spin } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validated } from '../../platform/ui/validated';
import { useEntityMeta } from '../../resources/api';
import { withinOf } from '../../resources/DependentRef';
import { FieldInput } from '../../resources/FieldInput';
import { useFillOnce } from '../../resources/useFillOnce';
import { toBody, toFormValues } from '../../resources/values';

interface Props {
  /** The entity whose field declarations (labels, inputs, required) the dialog borrows. */
  entity: string;
  fields: string[];
  title: string;
  /** Fields that must be filled here even when the entity lets them be empty. */
  required?: string[];
  onSubmit: (body: Record<string, unknown>) => Promise<void>;
  onClose: () => void;
  testId: string;
}

/** A small form in a dialog for a workflow step (allot, scrap, mount...), built from an entity's metadata. */
export function MetaDialog({ entity, fields: names, title, required = [], onSubmit, onClose, testId }: Props) {
  const { t } = useTranslation('resources');
  const { data: meta } = useEntityMeta(entity);
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const fields = useMemo(
    () => names.map((n) => meta?.fields.find((f) => f.name === n)).filter((f) => f !== undefined),
    [meta, names],
  );
  // Filled once: the callers pass their field names inline, so any re-render of theirs
  // must not reset what has been typed.
  useFillOnce(form, fields.length ? entity : null, () => {
    const values = toFormValues(fields, null);
    // Dates the server would fill with today are shown filled, so the user sees (and may change) them.
    for (const f of fields) if ((f.type === 'date' || f.type === 'datetime') && f.required) values[f.name] ??= dayjs();
    return values;
  });

  const ok = async () => {
    const values = await validated(form);
    if (!values) return;
    setBusy(true);
    try {
      await onSubmit(toBody(fields, values));
      onClose();
    } catch {
      // The HTTP client has shown the server's reason.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={title}
      onOk={ok}
      onCancel={onClose}
      confirmLoading={busy}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      destroyOnHidden
      data-testid={testId}
      width={640}
    >
      <Spin spinning={!meta}>
        <Form form={form} layout="vertical" requiredMark>
          <GridRow gutter={16}>
            {fields.map((f) => (
              <Col key={f.name} span={f.type === 'text' ? 24 : 12}>
                <Form.Item
                  name={f.name}
                  label={f.label}
                  rules={
                    f.required || required.includes(f.name)
                      ? [{ required: true, message: t('form.required', { label: f.label }) }]
                      : []
                  }
                >
                  <FieldInput field={f} within={withinOf(fields, f)} />
                </Form.Item>
              </Col>
            ))}
          </GridRow>
        </Form>
      </Spin>
    </Modal>
  );
}
