import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Envelope, HttpError, http } from '../../platform/http/client';
import { toast } from '../../platform/ui/feedback';
import { useNarrow } from '../../platform/ui/useMediaQuery';
import { validated } from '../../platform/ui/validated';
import { type ListContext, ResourceListPage } from '../../resources/ResourceListPage';
import type { Row } from '../../resources/types';

const TEMPLATE = 'ckprtemplate';

/**
 * The project page's template buttons: keep named sets of items (a drawer with the templates of the page's kind
 * and their items), and make items and a scheme of them from one in one step.
 */
export function TemplateButtons({ kind, ctx, canAdd }: { kind: number; ctx: ListContext; canAdd: boolean }) {
  const { t } = useTranslation('check');
  const narrow = useNarrow();
  const [managing, setManaging] = useState(false);
  const [applying, setApplying] = useState(false);
  return (
    <>
      <Button onClick={() => setManaging(true)} data-testid="template-manage">
        {t('template.manage')}
      </Button>
      {canAdd && (
        <Button onClick={() => setApplying(true)} data-testid="template-apply">
          {t('template.apply')}
        </Button>
      )}
      <Drawer
        open={managing}
        title={t('template.manage')}
        width={narrow ? '100%' : 960}
        onClose={() => setManaging(false)}
        destroyOnHidden
        data-testid="template-drawer"
      >
        <ResourceListPage entity={TEMPLATE} fixed={{ kind }} />
      </Drawer>
      {applying && (
        <ApplyDialog
          kind={kind}
          onClose={() => setApplying(false)}
          onDone={async () => {
            setApplying(false);
            await ctx.refresh();
          }}
        />
      )}
    </>
  );
}

interface ApplyValues {
  id: number;
  code?: string;
  name?: string;
}

function ApplyDialog({ kind, onClose, onDone }: { kind: number; onClose: () => void; onDone: () => Promise<void> }) {
  const { t } = useTranslation('check');
  const [form] = Form.useForm<ApplyValues>();
  const [saving, setSaving] = useState(false);
  const templates = useQuery({
    queryKey: ['resource-page', TEMPLATE, 'apply', kind],
    queryFn: async () =>
      (await http.get<Envelope<Row[]>>(`/api-manage/${TEMPLATE}/page`, { kind, page: 1, limit: 200 })).data,
  });
  const submit = async () => {
    const values = await validated(form);
    if (!values) return;
    setSaving(true);
    try {
      const r = await http.post<Envelope<{ projects: number }>>(`/api-manage/${TEMPLATE}/apply`, {
        id: values.id,
        ...(values.code?.trim() ? { code: values.code.trim() } : {}),
        ...(values.name?.trim() ? { name: values.name.trim() } : {}),
      });
      toast('success', r.msg ?? '');
      await onDone();
    } catch (err) {
      const body = err instanceof HttpError ? (err.body as { field?: string; msg?: string } | null) : null;
      if (body?.field === 'code' || body?.field === 'name')
        form.setFields([{ name: body.field, errors: [body.msg ?? ''] }]);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('template.apply')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'template-apply-ok' }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="id" label={t('template.template')} rules={[{ required: true, message: t('template.pick') }]}>
          <Select
            showSearch
            optionFilterProp="label"
            loading={templates.isLoading}
            placeholder={t('template.pick')}
            data-testid="template-pick"
            onChange={(id) => {
              const picked = templates.data?.find((x) => Number(x.id) === id);
              form.setFieldsValue({ code: String(picked?.code ?? ''), name: String(picked?.name ?? '') });
            }}
            options={(templates.data ?? []).map((x) => ({ value: Number(x.id), label: `${x.code} ${x.name}` }))}
          />
        </Form.Item>
        <Form.Item name="code" label={t('template.code')} extra={t('template.codeHint')} rules={[{ max: 40 }]}>
          <Input maxLength={40} data-testid="template-code" />
        </Form.Item>
        <Form.Item name="name" label={t('template.name')} rules={[{ max: 100 }]}>
          <Input maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
