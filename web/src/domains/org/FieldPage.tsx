import { Segmented, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '../../resources/ResourceListPage';

/** Objects whose forms and lists a company can extend with its own fields. */
export const CUSTOMIZABLE = ['equipment', 'mould', 'equipmentcategory', 'faultreason', 'workshop', 'line'] as const;

/**
 * /setUp/field: the company's custom fields, per object. The list and form come from the engine (entity
 * customfield); the object picked here is fixed for both, so a new field lands on that object.
 */
export default function FieldPage() {
  const { t } = useTranslation('org');
  const [entity, setEntity] = useState<string>('equipment');
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="field-page">
      <Segmented
        value={entity}
        onChange={(v) => setEntity(String(v))}
        options={CUSTOMIZABLE.map((e) => ({
          value: e,
          label: <span data-testid={`field-entity-${e}`}>{t(`field.entities.${e}`)}</span>,
        }))}
      />
      <ResourceListPage key={entity} entity="customfield" fixed={{ entity }} />
    </Space>
  );
}
