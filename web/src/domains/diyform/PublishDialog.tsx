import { useQuery } from '@tanstack/react-query';
import { Form, Modal, TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refreshMenus } from '../../app/session';
import { translateMenuTitle } from '../../platform/i18n';
import { toast } from '../../platform/ui/feedback';
import type { Row } from '../../resources/types';
import { fetchMenuGroups, type MenuGroup, publishForm } from './api';

interface Props {
  form: Row;
  onClose: () => void;
  onDone: () => void;
}

interface TreeOption {
  value: string;
  title: string;
  children: TreeOption[];
}

const toOptions = (groups: MenuGroup[]): TreeOption[] =>
  groups.map((g) => ({
    value: g.id,
    title: translateMenuTitle({ title: g.menuname, id: g.id }),
    children: toOptions(g.children ?? []),
  }));

/** Puts a form's page into the company's menu under a chosen group (or moves it there). */
export function PublishDialog({ form, onClose, onDone }: Props) {
  const { t } = useTranslation('diyform');
  const { data: groups = [] } = useQuery({ queryKey: ['diyform-menu-groups'], queryFn: fetchMenuGroups });
  const fallback = groups.find((g) => g.key === 'setUp')?.id;
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const parentId = chosen ?? ((form.menuParentId as string | null) || fallback);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (!parentId) return;
    setSaving(true);
    try {
      await publishForm(form.id, parentId);
      await refreshMenus();
      toast('success', t('publish.done'));
      onDone();
    } catch {
      // The HTTP client has shown the reason.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('publish.title', { name: form.name })}
      okText={t('publish.ok')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ disabled: !parentId, 'data-testid': 'publish-ok' }}
    >
      <Form layout="vertical">
        <Form.Item
          label={t('publish.parent')}
          extra={t(form.project === true ? 'publish.projectHint' : 'publish.hint')}
        >
          <TreeSelect
            value={parentId}
            onChange={(v: string) => setChosen(v)}
            treeData={toOptions(groups)}
            treeDefaultExpandAll
            showSearch
            treeNodeFilterProp="title"
            data-testid="publish-parent"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
