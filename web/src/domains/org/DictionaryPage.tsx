import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { HttpError } from '../../platform/http/client';
import { isLang, LANG_LABELS, LANGS } from '../../platform/preferences';
import { toast } from '../../platform/ui/feedback';
import { ACTIONS_COLUMN, ResponsiveTable } from '../../platform/ui/ResponsiveTable';
import { validated } from '../../platform/ui/validated';
import { deleteItem, flatten, type ItemBase, type ItemNode, itemTree, saveItem } from './api';

type Editing = { item: Partial<ItemNode>; parent: ItemNode | null };

/** Leaves have no children array, so the table shows no expander for them. */
const prune = (nodes: ItemNode[]): ItemNode[] =>
  nodes.map(({ children, ...n }) => (children?.length ? { ...n, children: prune(children) } : n));

/** A dictionary's calls and the permission codes of its changes. */
export interface DictionaryStore {
  base: ItemBase;
  add: string;
  edit: string;
  remove: string;
}

const COMPANY: DictionaryStore = {
  base: '/api-user/item',
  add: 'setUp:dictionary:add',
  edit: 'setUp:dictionary:edit',
  remove: 'setUp:dictionary:delete',
};

/** /setUp/dictionary: the company's dictionary (WorkType, energytype, ...) as a tree of groups and values. */
export default function DictionaryPage() {
  return <DictionaryEditor store={COMPANY} />;
}

/** A dictionary as a tree of groups and values: the company's, or the operator's template (title and hint given). */
export function DictionaryEditor({ store, title, hint }: { store: DictionaryStore; title?: string; hint?: string }) {
  const { t, i18n } = useTranslation('org');
  const lang = isLang(i18n.language) ? i18n.language : 'zh';
  const tree = useQuery({ queryKey: ['org-items', store.base], queryFn: () => itemTree(store.base) });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [expanded, setExpanded] = useState<readonly React.Key[] | null>(null);
  const all = flatten(tree.data ?? []);

  const remove = async (item: ItemNode) => {
    try {
      await deleteItem(item.id, store.base);
      toast('success', t('messages.deleted'));
    } finally {
      await tree.refetch();
    }
  };

  return (
    <Card
      size="small"
      title={title ?? t('dictionary.title')}
      data-testid="dictionary-page"
      extra={
        hasPermission(store.add) && (
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ item: {}, parent: null })}
            data-testid="item-add-root"
          >
            {t('dictionary.addGroup')}
          </Button>
        )
      }
    >
      {hint && <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>}
      <ResponsiveTable<ItemNode>
        rowKey="id"
        size="small"
        loading={tree.isFetching}
        dataSource={prune(tree.data ?? [])}
        pagination={false}
        expandable={{
          expandedRowKeys: expanded ?? [],
          onExpandedRowsChange: (keys) => setExpanded(keys),
        }}
        onRow={(r) => ({ 'data-testid': `item-${r.code}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          {
            key: 'name',
            title: t('dictionary.fields.name'),
            dataIndex: 'name',
            render: (_v, item) => item.names?.[lang] || item.name,
          },
          { key: 'code', title: t('dictionary.fields.code'), dataIndex: 'code' },
          { key: 'value', title: t('dictionary.fields.value'), dataIndex: 'value' },
          { key: 'sort', title: t('dictionary.fields.sort'), dataIndex: 'sort' },
          {
            key: ACTIONS_COLUMN,
            title: t('actions.title'),
            width: 220,
            render: (_v, item) => (
              <Space size={0}>
                {hasPermission(store.add) && item.parentId === null && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setEditing({ item: {}, parent: item })}
                    data-testid="item-add-child"
                  >
                    {t('dictionary.addValue')}
                  </Button>
                )}
                {hasPermission(store.edit) && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setEditing({ item, parent: all.find((p) => p.id === item.parentId) ?? null })}
                  >
                    {t('actions.edit')}
                  </Button>
                )}
                {hasPermission(store.remove) && (
                  <Popconfirm title={t('dictionary.confirmDelete', { name: item.name })} onConfirm={() => remove(item)}>
                    <Button type="link" size="small" danger>
                      {t('actions.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <ItemForm
          editing={editing}
          base={store.base}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            const parent = editing.parent;
            setEditing(null);
            await tree.refetch();
            if (parent) setExpanded((keys) => [...new Set([...(keys ?? []), parent.id])]);
          }}
        />
      )}
    </Card>
  );
}

function ItemForm({
  editing,
  base,
  onClose,
  onSaved,
}: {
  editing: Editing;
  base: ItemBase;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('org');
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const { item, parent } = editing;
  const submit = async () => {
    const values = await validated(form);
    if (!values) return;
    setSaving(true);
    try {
      await saveItem(
        item.id ? { id: item.id, updatedAt: item.updatedAt, ...values } : { parentId: parent?.id ?? null, ...values },
        base,
      );
      toast('success', t('messages.saved'));
      onSaved();
    } catch (err) {
      const body = err instanceof HttpError ? (err.body as { field?: string; msg?: string } | null) : null;
      if (body?.field && body.msg) form.setFields([{ name: body.field, errors: [body.msg] }]);
    } finally {
      setSaving(false);
    }
  };
  const label = (f: string) => t(`dictionary.fields.${f}`);
  return (
    <Modal
      open
      title={
        item.id
          ? t('dictionary.edit')
          : parent
            ? t('dictionary.addValueTo', { name: parent.name })
            : t('dictionary.addGroup')
      }
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ 'data-testid': 'item-form-save' }}
    >
      <Form form={form} layout="vertical" initialValues={{ sort: 0, ...item }}>
        <Form.Item
          name="code"
          label={label('code')}
          rules={[
            { required: true, message: t('form.required', { label: label('code') }) },
            { pattern: /^[A-Za-z0-9_.:-]+$/, message: t('form.invalid', { label: label('code') }) },
          ]}
        >
          <Input maxLength={50} data-testid="item-field-code" />
        </Form.Item>
        <Form.Item
          name="name"
          label={label('name')}
          rules={[{ required: true, message: t('form.required', { label: label('name') }) }]}
        >
          <Input maxLength={100} data-testid="item-field-name" />
        </Form.Item>
        {LANGS.map((l) => (
          <Form.Item
            key={l}
            name={['names', l]}
            label={t('dictionary.fields.nameIn', { language: LANG_LABELS[l] })}
            extra={l === LANGS[LANGS.length - 1] ? t('dictionary.namesHint') : undefined}
          >
            <Input maxLength={100} data-testid={`item-field-name-${l}`} />
          </Form.Item>
        ))}
        <Form.Item name="value" label={label('value')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="sort" label={label('sort')}>
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="remark" label={label('remark')}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
