import { CopyOutlined, DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Drawer,
  Empty,
  Form,
  Input,
  Modal,
  Popconfirm,
  Space,
  Spin,
  Tree,
  type TreeProps,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { toast } from '../../platform/ui/feedback';
import { validated } from '../../platform/ui/validated';
import {
  applyOrgTemplate,
  deleteOrgTemplate,
  type OrgNode,
  type OrgTemplate,
  orgTemplates,
  saveOrgTemplate,
  type TemplateNode,
} from './api';

interface Props {
  /** The selected organisation: saved as a template, and where a template is copied (none: the top level). */
  selected: OrgNode | null;
  onClose: () => void;
  /** A template was copied into the tree. */
  onApplied: () => void;
}

const countNodes = (nodes: TemplateNode[]): number => nodes.reduce((n, x) => n + 1 + countNodes(x.children ?? []), 0);

const toTreeData = (nodes: TemplateNode[], path = 't'): NonNullable<TreeProps['treeData']> =>
  nodes.map((n, i) => ({
    key: `${path}-${i}`,
    title: n.organizationName,
    children: toTreeData(n.children ?? [], `${path}-${i}`),
  }));

/**
 * The company's organisation templates (spec 7.2 orgtemplate), opened from the organisation tree: save the
 * selected organisation with everything below it as a template, preview a template's tree, copy it below the
 * selected organisation (or at the top level) in one step, delete it.
 */
export function OrgTemplatesDrawer({ selected, onClose, onApplied }: Props) {
  const { t } = useTranslation('org');
  const { data = [], isFetching, refetch } = useQuery({ queryKey: ['org-templates'], queryFn: orgTemplates });
  const [saving, setSaving] = useState(false);
  const [previewed, setPreviewed] = useState<number | null>(null);
  const canAdd = hasPermission('setUp:organize:add');
  const canDelete = hasPermission('setUp:organize:delete');
  const target = selected?.organizationName ?? t('templates.topLevel');

  const apply = async (tpl: OrgTemplate) => {
    try {
      const r = await applyOrgTemplate(tpl.id, selected?.id ?? null);
      toast('success', t('templates.applied', { count: r.data.count, target }));
      onApplied();
    } catch {
      // Shown by the client.
    }
  };
  const remove = async (tpl: OrgTemplate) => {
    try {
      await deleteOrgTemplate(tpl.id);
      toast('success', t('messages.deleted'));
      await refetch();
    } catch {
      // Shown by the client.
    }
  };

  return (
    <Drawer
      open
      size={480}
      title={t('templates.title')}
      onClose={onClose}
      destroyOnHidden
      data-testid="org-templates"
      extra={
        canAdd && (
          <Button
            icon={<SaveOutlined />}
            disabled={!selected}
            title={selected ? undefined : t('templates.selectFirst')}
            onClick={() => setSaving(true)}
            data-testid="org-template-save-from"
          >
            {t('templates.saveFrom')}
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('templates.hint', { target })}</Typography.Paragraph>
      <Spin spinning={isFetching}>
        {data.length === 0 ? (
          <Empty description={t('templates.empty')} />
        ) : (
          <Space orientation="vertical" size={8} style={{ width: '100%' }}>
            {data.map((tpl) => (
              <Card
                key={tpl.id}
                size="small"
                data-testid="org-template"
                title={
                  <Typography.Link onClick={() => setPreviewed(previewed === tpl.id ? null : tpl.id)}>
                    {tpl.name}
                  </Typography.Link>
                }
                extra={
                  <Space size={4}>
                    {canAdd && (
                      <Popconfirm
                        title={t('templates.applyConfirm', { name: tpl.name, target })}
                        onConfirm={() => apply(tpl)}
                      >
                        <Button size="small" icon={<CopyOutlined />} data-testid="org-template-apply">
                          {t('templates.apply')}
                        </Button>
                      </Popconfirm>
                    )}
                    {canDelete && (
                      <Popconfirm
                        title={t('templates.deleteConfirm', { name: tpl.name })}
                        onConfirm={() => remove(tpl)}
                      >
                        <Button
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          title={t('actions.delete')}
                          data-testid="org-template-delete"
                        />
                      </Popconfirm>
                    )}
                  </Space>
                }
              >
                <Typography.Text type="secondary">
                  {t('templates.count', { count: countNodes(tpl.nodes) })}
                  {tpl.remark ? ` · ${tpl.remark}` : ''}
                </Typography.Text>
                {previewed === tpl.id && (
                  <Tree
                    defaultExpandAll
                    selectable={false}
                    treeData={toTreeData(tpl.nodes)}
                    data-testid="org-template-preview"
                  />
                )}
              </Card>
            ))}
          </Space>
        )}
      </Spin>
      {saving && selected && (
        <SaveTemplateForm
          from={selected}
          onClose={() => setSaving(false)}
          onSaved={async () => {
            setSaving(false);
            await refetch();
          }}
        />
      )}
    </Drawer>
  );
}

function SaveTemplateForm({ from, onClose, onSaved }: { from: OrgNode; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('org');
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const values = await validated(form);
    if (!values) return;
    setBusy(true);
    try {
      await saveOrgTemplate({ ...values, fromOrganizationId: from.id });
      toast('success', t('messages.saved'));
      onSaved();
    } catch {
      // Shown by the client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('templates.saveTitle', { name: from.organizationName })}
      onCancel={onClose}
      onOk={submit}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'org-template-form-save' }}
    >
      <Form form={form} layout="vertical" initialValues={{ name: from.organizationName }}>
        <Form.Item
          name="name"
          label={t('templates.name')}
          rules={[{ required: true, whitespace: true, message: t('form.required', { label: t('templates.name') }) }]}
        >
          <Input maxLength={50} data-testid="org-template-field-name" />
        </Form.Item>
        <Form.Item name="remark" label={t('templates.remark')}>
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
