import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictionaryEditor, type DictionaryStore } from '../org/DictionaryPage';
import MenuEditorPage from './MenuEditorPage';

/** The dictionary every new company starts with (spec 7.2 itemtemplate): the operator's, under the menu codes. */
const TEMPLATE: DictionaryStore = {
  base: '/api-user/itemtemplate',
  add: 'admin:menu:add',
  edit: 'admin:menu:edit',
  remove: 'admin:menu:delete',
};

/** /admin/menu (菜单管理): the platform's menu tree, and the dictionary template new companies copy. */
export default function MenuAdminPage() {
  const { t } = useTranslation('operator');
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'menus', label: t('menu.tab'), children: <MenuEditorPage /> },
        {
          key: 'dictionary',
          label: t('dictionaryTemplate.title'),
          children: (
            <DictionaryEditor
              store={TEMPLATE}
              title={t('dictionaryTemplate.title')}
              hint={t('dictionaryTemplate.hint')}
            />
          ),
        },
      ]}
      data-testid="menu-admin"
    />
  );
}
