import { EditOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { fetchOne, useEntityMeta } from '../../resources/api';
import { displayValue } from '../../resources/display';
import { ResourceForm } from '../../resources/ResourceForm';
import { EXPERIENCE } from './experience-api';

const SHOWN = [
  'categoryId',
  'equipmentId',
  'faultReasonId',
  'phenomenon',
  'cause',
  'remedy',
  'parts',
  'keywords',
  'pictures',
];

/** /experInfo/index?id=: one experience entry, read-only, with an edit button for those who may edit. */
export default function ExperienceDetail() {
  const { t } = useTranslation('repair');
  const { t: tr } = useTranslation('resources');
  const queryClient = useQueryClient();
  const id = Number(useSearchParams()[0].get('id')) || null;
  const [editing, setEditing] = useState(false);
  const { data: meta } = useEntityMeta(EXPERIENCE);
  const { data: row, isLoading } = useQuery({
    queryKey: ['resource-row', EXPERIENCE, id],
    queryFn: () => fetchOne(meta!, id!),
    enabled: !!meta && id !== null,
    staleTime: 0,
  });
  if (!id) return <Empty />;
  if (!meta || isLoading) return <Spin className="resource-loading" />;
  if (!row) return <Empty />;
  return (
    <Card
      title={String(row.title ?? '')}
      data-testid="experience-detail"
      extra={
        meta.can.edit && (
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="experience-edit">
            {t('experience.edit')}
          </Button>
        )
      }
    >
      <Descriptions column={1} bordered size="small">
        {SHOWN.map((name) => meta.fields.find((f) => f.name === name))
          .filter((f) => f !== undefined)
          .map((f) => (
            <Descriptions.Item key={f.name} label={f.label}>
              <span className="experience-text" data-testid={`experience-field-${f.name}`}>
                {displayValue(f, row, tr)}
              </span>
            </Descriptions.Item>
          ))}
      </Descriptions>
      {editing && (
        <ResourceForm
          meta={meta}
          mode="edit"
          id={id}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            void queryClient.invalidateQueries({ queryKey: ['resource-row', EXPERIENCE, id] });
          }}
        />
      )}
    </Card>
  );
}
