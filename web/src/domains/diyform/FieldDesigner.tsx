import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListContext } from '../../resources/ResourceListPage';
import { ResourceListPage } from '../../resources/ResourceListPage';
import type { Row } from '../../resources/types';
import { allFields, sortFields } from './api';
import { formEntity, formFieldsEntity } from './form-code';

interface Props {
  code: string;
  onClose: () => void;
}

/**
 * The field designer of a form: its fields (custom-field declarations: type, options, dictionary, required,
 * search, list column) with the generic list and form, and buttons that move a field up or down.
 */
export function FieldDesigner({ code, onClose }: Props) {
  const { t } = useTranslation('diyform');
  const queryClient = useQueryClient();

  const move = async (row: Row, by: -1 | 1, refresh: () => Promise<void>) => {
    try {
      const ids = (await allFields(code)).map((f) => f.id);
      const i = ids.indexOf(row.id);
      const j = i + by;
      if (i < 0 || j < 0 || j >= ids.length) return;
      [ids[i], ids[j]] = [ids[j]!, ids[i]!];
      await sortFields(code, ids);
      await refresh();
    } catch {
      // The HTTP client has shown the reason.
    }
  };

  const moveActions = (row: Row, { refresh }: ListContext) => (
    <>
      <Tooltip title={t('designer.up')}>
        <Button
          type="link"
          size="small"
          icon={<ArrowUpOutlined />}
          aria-label={t('designer.up')}
          onClick={() => move(row, -1, refresh)}
          data-testid="field-up"
        />
      </Tooltip>
      <Tooltip title={t('designer.down')}>
        <Button
          type="link"
          size="small"
          icon={<ArrowDownOutlined />}
          aria-label={t('designer.down')}
          onClick={() => move(row, 1, refresh)}
          data-testid="field-down"
        />
      </Tooltip>
    </>
  );

  const close = () => {
    // The form's list, metadata and field count follow its new fields.
    void queryClient.invalidateQueries({ queryKey: ['resource-meta', formEntity(code)] });
    void queryClient.invalidateQueries({ queryKey: ['resource-page', 'customform'] });
    onClose();
  };

  return (
    <Drawer open size={1000} onClose={close} title={t('designer.title')} destroyOnHidden data-testid="field-designer">
      <ResourceListPage entity={formFieldsEntity(code)} rowActions={moveActions} />
    </Drawer>
  );
}
