import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Form, Row as GridRow, Spin } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Envelope, http } from '../../platform/http/client';
import { toast } from '../../platform/ui/feedback';
import { validated } from '../../platform/ui/validated';
import { useEntityMeta } from '../../resources/api';
import { FieldInput } from '../../resources/FieldInput';
import type { Row } from '../../resources/types';
import { useFillOnce } from '../../resources/useFillOnce';
import { toBody, toFormValues } from '../../resources/values';

const ENTITY = 'repairsetting';
const BASE = '/api-manage/maintaintask/setting';
const FIELDS = [
  'hourlyRate',
  'responseUrgent',
  'responseHigh',
  'responseNormal',
  'repairUrgent',
  'repairHigh',
  'repairNormal',
  'remark',
];

/** The unit shown under a field: the rate per hour, response deadlines in minutes, repair deadlines in hours. */
const unitOf = (name: string) =>
  name === 'hourlyRate'
    ? 'hourlyRate'
    : name.startsWith('response')
      ? 'response'
      : name.startsWith('repair')
        ? 'repair'
        : null;

/** /setUp/repair (维修设置): the tenant's one row of repair settings — deadlines per urgency, the labour rate. */
export default function RepairSettingsPage() {
  const { t } = useTranslation('repair');
  const { t: tr } = useTranslation('resources');
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const { data: meta } = useEntityMeta(ENTITY);
  const setting = useQuery({
    queryKey: ['resource-page', ENTITY, 'all'],
    queryFn: async () => (await http.get<Envelope<Row[]>>(`${BASE}/all`)).data[0] ?? null,
    staleTime: 0,
  });
  const fields = useMemo(
    () => FIELDS.map((n) => meta?.fields.find((f) => f.name === n)).filter((f) => f !== undefined),
    [meta],
  );
  const row = setting.data;
  // The form shows once the settings are here, fresh, and is filled once (again after the first save gives the row an
  // id): a refetch, or the settings arriving while someone types, must not overwrite what they typed.
  const ready = meta !== undefined && row !== undefined && setting.isFetchedAfterMount;
  // The settings' updatedAt as the form shows them (then as this page saved them): the server refuses a save when
  // another administrator has saved them since.
  const readAt = useRef<unknown>(null);
  useFillOnce(form, ready ? String(row?.id ?? 'new') : null, () => {
    readAt.current = row?.updatedAt ?? null;
    return toFormValues(fields, row ?? null);
  });
  const canEdit = !!meta?.can.edit;

  const save = async () => {
    const values = await validated(form);
    if (!values) return;
    setSaving(true);
    try {
      const read = readAt.current ? { updatedAt: readAt.current } : {};
      const saved = await http.post<Envelope<Row>>(`${BASE}/save`, { ...toBody(fields, values, row?.id), ...read });
      readAt.current = saved.data.updatedAt ?? null;
      toast('success', tr('messages.saved'));
      await queryClient.invalidateQueries({ queryKey: ['resource-page', ENTITY] });
    } catch {
      // the client has shown the refusal
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={meta?.title ?? t('settings.title')} className="resource-page" data-testid="repair-settings">
      {!ready ? (
        <Spin className="resource-loading" />
      ) : (
        <Form form={form} layout="vertical" requiredMark disabled={!canEdit} style={{ maxWidth: 720 }}>
          <GridRow gutter={16}>
            {fields.map((f) => (
              <Col key={f.name} xs={24} md={f.name === 'remark' || f.name === 'hourlyRate' ? 24 : 8}>
                <Form.Item
                  name={f.name}
                  label={f.label}
                  extra={unitOf(f.name) && t(`settings.unit.${unitOf(f.name)}`)}
                  rules={f.required ? [{ required: true, message: tr('form.required', { label: f.label }) }] : []}
                >
                  <FieldInput field={f} />
                </Form.Item>
              </Col>
            ))}
          </GridRow>
          {canEdit && (
            <Button type="primary" loading={saving} onClick={save} data-testid="repair-settings-save">
              {tr('actions.save')}
            </Button>
          )}
        </Form>
      )}
    </Card>
  );
}
