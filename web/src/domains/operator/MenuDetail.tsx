import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Divider, Form, Input, Popconfirm, Space, Switch, Table } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { MenuIcon } from '../../layout/icons';
import { toast } from '../../platform/ui/feedback';
import { validated } from '../../platform/ui/validated';
import { deleteButton, deleteMenu, type MenuButton, menuInfo, type PlatformMenu, saveButton, saveMenu } from './api';

interface Values {
  menuname: string;
  en?: string;
  tw?: string;
  icon?: string;
  url?: string;
  hidden: boolean;
}

/** One menu: names in zh/en/tw, icon, address, hidden flag, its buttons, and what a change reaches. */
export function MenuDetail({
  menu,
  onChanged,
  onDeleted,
}: {
  menu: PlatformMenu;
  onChanged: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('operator');
  const info = useQuery({ queryKey: ['op-menu-info', menu.id], queryFn: () => menuInfo(menu.id) });
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  // The version the form was filled from (a reload of the tree meanwhile does not refill the form).
  const readAt = useRef(menu.updatedAt);
  const icon = Form.useWatch('icon', form);
  const canEdit = hasPermission('admin:menu:edit');
  const impact = info.data
    ? t('menu.impact', {
        companies: info.data.companyCount,
        roles: info.data.roleCount,
        names: info.data.companies.join(', ') || '—',
      })
    : '';

  const save = async () => {
    const v = await validated(form);
    if (!v) return;
    setSaving(true);
    try {
      const r = await saveMenu({
        id: menu.id,
        menuname: v.menuname,
        icon: v.icon ?? '',
        url: v.url ?? '',
        hidden: v.hidden,
        titles: { en: v.en ?? '', tw: v.tw ?? '' },
        updatedAt: readAt.current,
      });
      toast('success', t('messages.saved'));
      // The version this save made: the next save starts from it (a reload could already hold someone else's).
      readAt.current = r.data?.updatedAt;
      onChanged();
      await info.refetch();
    } catch {
      // Shown by the client.
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    await deleteMenu(menu.id);
    toast('success', t('messages.deleted'));
    onDeleted();
  };

  return (
    <div data-testid="menu-detail">
      {info.data && (
        <Alert type="info" showIcon title={impact} style={{ marginBottom: 12 }} data-testid="menu-impact" />
      )}
      {info.data && (
        <Form
          form={form}
          layout="vertical"
          disabled={!canEdit}
          initialValues={{
            menuname: menu.menuname,
            en: info.data.titles?.en ?? '',
            tw: info.data.titles?.tw ?? '',
            icon: menu.icon ?? '',
            url: menu.url ?? '',
            hidden: menu.hidden,
          }}
        >
          <Form.Item
            name="menuname"
            label={t('menu.fields.zh')}
            rules={[{ required: true, message: t('form.required', { label: t('menu.fields.zh') }) }]}
          >
            <Input maxLength={100} data-testid="menu-field-zh" />
          </Form.Item>
          <Form.Item name="en" label={t('menu.fields.en')}>
            <Input maxLength={100} placeholder={t('menu.productName')} data-testid="menu-field-en" />
          </Form.Item>
          <Form.Item name="tw" label={t('menu.fields.tw')}>
            <Input maxLength={100} placeholder={t('menu.productName')} />
          </Form.Item>
          <Form.Item name="icon" label={t('menu.fields.icon')}>
            <Input maxLength={100} addonAfter={<MenuIcon name={icon || undefined} />} />
          </Form.Item>
          <Form.Item name="url" label={t('menu.fields.url')}>
            <Input maxLength={500} />
          </Form.Item>
          <Form.Item name="hidden" label={t('menu.fields.hidden')} valuePropName="checked">
            <Switch data-testid="menu-field-hidden" />
          </Form.Item>
          <Space wrap>
            <Popconfirm title={impact} onConfirm={save} disabled={!canEdit}>
              <Button type="primary" loading={saving} disabled={!canEdit} data-testid="menu-save">
                {t('actions.save')}
              </Button>
            </Popconfirm>
            {hasPermission('admin:menu:delete') && !menu.children.length && (
              <Popconfirm title={`${t('menu.confirmDelete')} ${impact}`} onConfirm={remove}>
                <Button danger data-testid="menu-delete">
                  {t('actions.delete')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        </Form>
      )}
      <Divider titlePlacement="start">{t('menu.buttons')}</Divider>
      <ButtonList menu={menu} onChanged={onChanged} />
    </div>
  );
}

function ButtonList({ menu, onChanged }: { menu: PlatformMenu; onChanged: () => void }) {
  const { t } = useTranslation('operator');
  const [form] = Form.useForm<{ name: string; ext4: string }>();
  const add = async () => {
    const v = await validated(form);
    if (!v) return;
    try {
      await saveButton({ menuId: menu.id, ...v });
      form.resetFields();
      toast('success', t('messages.saved'));
      onChanged();
    } catch {
      // Shown by the client.
    }
  };
  const remove = async (b: MenuButton) => {
    await deleteButton(b.id);
    toast('success', t('messages.deleted'));
    onChanged();
  };
  return (
    <>
      <Table<MenuButton>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={menu.button}
        columns={[
          { key: 'name', title: t('menu.fields.buttonName'), dataIndex: 'name' },
          { key: 'ext4', title: t('menu.fields.code'), dataIndex: 'ext4', render: (v: string) => <code>{v}</code> },
          {
            key: 'actions',
            width: 70,
            render: (_v, b) =>
              hasPermission('admin:menu:deleteButton') && (
                <Popconfirm title={t('menu.confirmDeleteButton')} onConfirm={() => remove(b)}>
                  <Button type="link" size="small" danger>
                    {t('actions.delete')}
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
      {hasPermission('admin:menu:addButton') && (
        <Form form={form} layout="inline" className="op-search" style={{ marginTop: 12 }}>
          <Form.Item
            name="name"
            rules={[{ required: true, message: t('form.required', { label: t('menu.fields.buttonName') }) }]}
          >
            <Input maxLength={100} placeholder={t('menu.fields.buttonName')} />
          </Form.Item>
          <Form.Item
            name="ext4"
            rules={[
              { required: true, message: t('form.required', { label: t('menu.fields.code') }) },
              { pattern: /^[A-Za-z0-9_:.-]+$/, message: t('menu.codePattern') },
            ]}
          >
            <Input maxLength={200} placeholder={t('menu.fields.code')} />
          </Form.Item>
          <Button onClick={add} icon={null}>
            {t('menu.addButton')}
          </Button>
        </Form>
      )}
    </>
  );
}
