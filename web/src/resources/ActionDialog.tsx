import { Form, Input, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validated } from '../platform/ui/validated';
import { FieldInput } from './FieldInput';
import type { FieldMeta, Row } from './types';
import { toBody, toFormValues } from './values';

export interface ActionForm {
  title: string;
  /** The inputs of the action (from its metadata). */
  fields: FieldMeta[];
  /** A comment box, required or optional. */
  comment: 'required' | 'optional';
  danger?: boolean;
  /** The record the form starts from (a dispatch keeps the order's assignee, work group and planned finish). */
  start?: Row | null;
  /** An input of the page's own for a field (a dispatch's assignee picked from who is on shift); else the generic one. */
  input?: (field: FieldMeta) => ReactNode | undefined;
  /** Shown above the inputs (a finish: the order's parts, labour and outside repair, to complete first). */
  extra?: ReactNode;
  /** Runs the action with the form's body; resolves when done, rejects when refused. */
  run: (body: Record<string, unknown>) => Promise<void>;
}

/** The form's first values: from the record it starts from (its work group is not dropped), else empty. */
export const dialogValues = (spec: Pick<ActionForm, 'fields' | 'start'>) =>
  toFormValues(spec.fields, spec.start ?? null);

/** The small form of an action that needs input (dispatch, pause, finish, reject...), rendered from its fields. */
export function ActionDialog({ form: spec, onClose }: { form: ActionForm; onClose: () => void }) {
  const { t } = useTranslation('resources');
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const values = await validated(form);
    if (!values) return;
    setBusy(true);
    try {
      const comment = typeof values.comment === 'string' ? values.comment.trim() : '';
      await spec.run({ ...toBody(spec.fields, values), ...(comment ? { comment } : {}) });
      onClose();
    } catch {
      // shown by the HTTP client; the form stays for another try
    } finally {
      setBusy(false);
    }
  };
  const commentLabel = t('workflow.comment');
  return (
    <Modal
      open
      title={spec.title}
      onCancel={onClose}
      onOk={submit}
      okText={spec.title}
      okButtonProps={{ loading: busy, danger: spec.danger, 'data-testid': 'workflow-action-submit' }}
      destroyOnHidden
      width={spec.extra ? 760 : undefined}
      data-testid="workflow-action-dialog"
    >
      {spec.extra}
      <Form form={form} layout="vertical" initialValues={dialogValues(spec)}>
        {spec.fields.map((f) => (
          <Form.Item
            key={f.name}
            name={f.name}
            label={f.label}
            valuePropName={f.type === 'boolean' ? 'checked' : 'value'}
            rules={f.required ? [{ required: true, message: t('form.required', { label: f.label }) }] : []}
          >
            {spec.input?.(f) ?? <FieldInput field={f} />}
          </Form.Item>
        ))}
        <Form.Item
          name="comment"
          label={commentLabel}
          rules={
            spec.comment === 'required'
              ? [{ required: true, whitespace: true, message: t('form.required', { label: commentLabel }) }]
              : []
          }
        >
          <Input.TextArea rows={3} maxLength={1000} data-testid="field-comment" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
