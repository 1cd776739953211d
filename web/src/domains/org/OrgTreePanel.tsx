import { ApartmentOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Modal, Popconfirm, Radio, Space, Spin, Tree, type TreeProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { toast } from '../../platform/ui/feedback';
import { validated } from '../../platform/ui/validated';
import { deleteOrg, flatten, type OrgNode, orgTree, saveOrg, sortOrgs } from './api';
import { OrgTemplatesDrawer } from './OrgTemplatesDrawer';

interface Props {
  selected: number | null;
  onSelect: (id: number | null) => void;
}

type Editing = { mode: 'add'; parentId: number | null } | { mode: 'edit'; node: OrgNode };

const toTreeData = (nodes: OrgNode[]): NonNullable<TreeProps['treeData']> =>
  nodes.map((n) => ({
    key: n.id,
    title: (
      <span data-testid="org-node" className={n.state === 0 ? 'org-disabled' : undefined}>
        {n.organizationName}
      </span>
    ),
    children: toTreeData(n.children),
  }));

/** The organisation tree of /setUp/organize: select, add, edit, delete and drag to reorder or move. */
export function OrgTreePanel({ selected, onSelect }: Props) {
  const { t } = useTranslation('org');
  const client = useQueryClient();
  const { data = [], isFetching } = useQuery({ queryKey: ['org-tree'], queryFn: orgTree });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [templates, setTemplates] = useState(false);
  const all = flatten(data);
  const current = all.find((n) => n.id === selected) ?? null;
  const refresh = () => client.invalidateQueries({ queryKey: ['org-tree'] });

  const remove = async () => {
    if (!current) return;
    try {
      await deleteOrg(current.id);
      toast('success', t('messages.deleted'));
      onSelect(null);
      await refresh();
    } catch {
      // The reason (sub-organisations, members) has been shown.
    }
  };

  const onDrop: TreeProps['onDrop'] = async (info) => {
    const dragId = Number(info.dragNode.key);
    const dropId = Number(info.node.key);
    const dropNode = all.find((n) => n.id === dropId);
    if (!dropNode) return;
    const intoNode = !info.dropToGap;
    const parentId = intoNode ? dropId : dropNode.parentId;
    const siblings = (intoNode ? dropNode.children : (all.find((n) => n.id === parentId)?.children ?? data))
      .map((n) => n.id)
      .filter((id) => id !== dragId);
    const at = intoNode ? 0 : siblings.indexOf(dropId) + 1;
    siblings.splice(at, 0, dragId);
    try {
      await sortOrgs(siblings.map((id, sort) => (id === dragId ? { id, sort, parentId } : { id, sort })));
      toast('success', t('messages.saved'));
    } finally {
      await refresh();
    }
  };

  return (
    <Card
      size="small"
      title={t('org.title')}
      className="org-tree-card"
      extra={
        <Space size={4}>
          <Button
            size="small"
            icon={<ApartmentOutlined />}
            onClick={() => setTemplates(true)}
            data-testid="org-templates-open"
            title={t('templates.title')}
          />
          {hasPermission('setUp:organize:add') && (
            <Button
              size="small"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ mode: 'add', parentId: selected })}
              data-testid="org-add"
              title={t('org.add')}
            />
          )}
          {hasPermission('setUp:organize:edit') && current && (
            <Button
              size="small"
              icon={<EditOutlined />}
              onClick={() => setEditing({ mode: 'edit', node: current })}
              data-testid="org-edit"
              title={t('org.edit')}
            />
          )}
          {hasPermission('setUp:organize:delete') && current && (
            <Popconfirm title={t('org.confirmDelete', { name: current.organizationName })} onConfirm={remove}>
              <Button size="small" danger icon={<DeleteOutlined />} data-testid="org-delete" title={t('org.delete')} />
            </Popconfirm>
          )}
        </Space>
      }
    >
      <Spin spinning={isFetching}>
        <Tree
          blockNode
          defaultExpandAll
          key={all.length}
          draggable={hasPermission('setUp:organize:edit')}
          treeData={toTreeData(data)}
          selectedKeys={selected ? [selected] : []}
          onSelect={(keys) => {
            // A second click on the selected organisation keeps it selected.
            if (keys.length) onSelect(Number(keys[0]));
          }}
          onDrop={onDrop}
          data-testid="org-tree"
        />
      </Spin>
      {templates && (
        <OrgTemplatesDrawer selected={current} onClose={() => setTemplates(false)} onApplied={() => refresh()} />
      )}
      {editing && (
        <OrgForm
          editing={editing}
          onClose={() => setEditing(null)}
          onSaved={async (id) => {
            setEditing(null);
            await refresh();
            if (id) onSelect(id);
          }}
        />
      )}
    </Card>
  );
}

function OrgForm({
  editing,
  onClose,
  onSaved,
}: {
  editing: Editing;
  onClose: () => void;
  onSaved: (id: number | null) => void;
}) {
  const { t } = useTranslation('org');
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const initial = editing.mode === 'edit' ? editing.node : { state: 1 };

  const submit = async () => {
    const values = await validated(form);
    if (!values) return;
    setSaving(true);
    try {
      const body =
        editing.mode === 'edit'
          ? { id: editing.node.id, ...values, updatedAt: editing.node.updatedAt }
          : { parentId: editing.parentId, ...values };
      const r = await saveOrg(body);
      toast('success', t('messages.saved'));
      onSaved(editing.mode === 'add' ? ((r.data as { id: number } | null)?.id ?? null) : editing.node.id);
    } catch {
      // Shown by the client; a field error stays in the form.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t(editing.mode === 'edit' ? 'org.edit' : 'org.add')}
      onCancel={onClose}
      onOk={submit}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'org-form-save' }}
      data-testid="org-form"
    >
      <Form form={form} layout="vertical" initialValues={initial}>
        <Form.Item
          name="organizationName"
          label={t('org.fields.organizationName')}
          rules={[{ required: true, message: t('form.required', { label: t('org.fields.organizationName') }) }]}
        >
          <Input maxLength={100} data-testid="org-field-name" />
        </Form.Item>
        <Form.Item name="organizationCode" label={t('org.fields.organizationCode')}>
          <Input maxLength={50} data-testid="org-field-code" />
        </Form.Item>
        <Form.Item name="phone" label={t('org.fields.phone')}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="state" label={t('org.fields.state')}>
          <Radio.Group
            options={[
              { value: 1, label: t('state.1') },
              { value: 0, label: t('state.0') },
            ]}
          />
        </Form.Item>
        <Form.Item name="ext1" label={t('org.fields.ext1')}>
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
