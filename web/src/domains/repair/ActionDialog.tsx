import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validated } from '../../platform/ui/validated';
import { FieldInput } from '../../resources/FieldInput';
import type { FieldMeta } from '../../resources/types';
import { toBody, toFormValues } from '../../resources/values';
import { AssigneeSelect } from './AssigneeSelect';

export interface ActionForm {
  title: string;
  /** The inputs of the action (from its metadata). */
  fields: FieldMeta[];
  /** A comment box, required or optional. */
  comment: 'required' | 'optional';
  danger?: boolean;
  /** A dispatch: the assignee is picked from who is on shift now first. */
  dispatch?: boolean;
  /** Runs the action with the form's body; resolves when done, rejects when refused. */
  run: (body: Record<string, unknown>) => Promise<void>;
}

/** The small form of an action that needs input (dispatch, pause, finish, reject...), rendered from its fields. */
export function ActionDialog({ form: spec, onClose }: { form: ActionForm; onClose: () => void }) {
  const { t } = useTranslation('repair');
  const { t: tr } = useTranslation('resources');
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
  const commentLabel = t('action.comment');
  return (
    <Modal
      open
      title={spec.title}
      onCancel={onClose}
      onOk={submit}
      okText={spec.title}
      okButtonProps={{ loading: busy, danger: spec.danger, 'data-testid': 'repair-action-submit' }}
      destroyOnHidden
      data-testid="repair-action-dialog"
    >
      <Form form={form} layout="vertical" initialValues={toFormValues(spec.fields, null)}>
        {spec.fields.map((f) => (
          <Form.Item
            key={f.name}
            name={f.name}
            label={f.label}
            valuePropName={f.type === 'boolean' ? 'checked' : 'value'}
            rules={f.required ? [{ required: true, message: tr('form.required', { label: f.label }) }] : []}
          >
            {f.name === 'assigneeId' && spec.dispatch ? <AssigneeSelect field={f} /> : <FieldInput field={f} />}
          </Form.Item>
        ))}
        <Form.Item
          name="comment"
          label={commentLabel}
          rules={
            spec.comment === 'required'
              ? [{ required: true, whitespace: true, message: tr('form.required', { label: commentLabel }) }]
              : []
          }
        >
          <Input.TextArea rows={3} maxLength={1000} data-testid="field-comment" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
