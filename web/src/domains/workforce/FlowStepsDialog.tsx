import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  type ButtonProps,
  Card,
  Col,
  Empty,
  Form,
  Row as GridRow,
  Input,
  Modal,
  Select,
  Space,
  Spin,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../platform/ui/feedback';
import { validated } from '../../platform/ui/validated';
import { useEntityMeta } from '../../resources/api';
import type { Row } from '../../resources/types';
import { useFillOnce } from '../../resources/useFillOnce';
import { ApproverSelect } from './ApproverSelect';
import { type ApproverKind, type FlowNode, type Named, NODES_KEY, saveFlowNodes, useFlowNodes } from './flow-api';

/** A step in the editor; `saved` keeps the names of the approvers as stored, for the pickers. */
interface StepValue {
  name: string;
  approverKind: ApproverKind;
  approverIds: number[];
  saved: { kind: ApproverKind; names: Named[] } | null;
}

const toStep = (n: FlowNode): StepValue => ({
  name: n.name,
  approverKind: n.approverKind,
  approverIds: (n.approvers ?? []).map((a) => a.id),
  saved: { kind: n.approverKind, names: n.approvers ?? [] },
});

const NEW_STEP: StepValue = { name: '', approverKind: 'user', approverIds: [], saved: null };

/** Labels of the step fields and approver kinds, as the server names them (actnode metadata). */
function useStepLabels() {
  const { data: meta } = useEntityMeta('actnode');
  const field = (name: string) => meta?.fields.find((f) => f.name === name);
  return {
    meta,
    label: (name: string) => field(name)?.label ?? '',
    kinds: field('approverKind')?.options ?? [],
  };
}

interface Props {
  flow: Row;
  onClose: () => void;
  onSaved: () => void;
}

/** Designs the steps of an approval flow: add, remove and reorder steps; per step its approver kind and approvers. */
export function FlowStepsDialog({ flow, onClose, onSaved }: Props) {
  const { t } = useTranslation('workforce');
  const { t: tr } = useTranslation('resources');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ nodes: StepValue[] }>();
  const [saving, setSaving] = useState(false);
  const { data: nodes, isFetchedAfterMount } = useFlowNodes(flow.id);
  const labels = useStepLabels();

  // The steps show once they are here, fresh, and are filled once: steps added before they came would be overwritten.
  const ready = nodes !== undefined && isFetchedAfterMount && labels.meta !== undefined;
  useFillOnce(form, ready ? String(flow.id) : null, () => ({ nodes: (nodes ?? []).map(toStep) }));

  const submit = async () => {
    if (!(await validated(form))) return;
    const steps = (form.getFieldValue('nodes') ?? []) as StepValue[];
    setSaving(true);
    try {
      await saveFlowNodes(
        flow.id,
        steps.map((s) => ({
          name: s.name.trim(),
          approverKind: s.approverKind,
          approverIds: s.approverKind === 'orgLeader' ? [] : (s.approverIds ?? []),
        })),
      );
      toast('success', tr('messages.saved'));
      await queryClient.invalidateQueries({ queryKey: NODES_KEY });
      onSaved();
    } catch {
      // The HTTP client has shown the server's reason (an approver removed meanwhile, a name too long).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      width={860}
      title={t('flow.designTitle', { name: String(flow.name ?? '') })}
      onCancel={onClose}
      onOk={submit}
      okText={tr('actions.save')}
      cancelText={tr('actions.cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: !ready, 'data-testid': 'flow-steps-save' } as ButtonProps}
      destroyOnHidden
      data-testid="flow-steps-dialog"
    >
      {!ready ? (
        <Spin className="resource-loading" />
      ) : (
        <Form form={form} layout="vertical" requiredMark initialValues={{ nodes: [] }}>
          <Form.List name="nodes">
            {(items, { add, remove, move }) => (
              <Space direction="vertical" style={{ width: '100%' }}>
                {items.length === 0 && <Empty description={t('flow.noSteps')} />}
                {items.map(({ key, name }, i) => (
                  <StepEditor
                    key={key}
                    name={name}
                    index={i}
                    count={items.length}
                    labels={labels}
                    onMove={(to) => move(i, to)}
                    onRemove={() => remove(name)}
                  />
                ))}
                <Button
                  type="dashed"
                  block
                  icon={<PlusOutlined />}
                  onClick={() => add({ ...NEW_STEP })}
                  disabled={items.length >= 100}
                  data-testid="flow-step-add"
                >
                  {t('flow.addStep')}
                </Button>
              </Space>
            )}
          </Form.List>
        </Form>
      )}
    </Modal>
  );
}

interface StepProps {
  name: number;
  index: number;
  count: number;
  labels: ReturnType<typeof useStepLabels>;
  onMove: (to: number) => void;
  onRemove: () => void;
}

function StepEditor({ name, index, count, labels, onMove, onRemove }: StepProps) {
  const { t } = useTranslation('workforce');
  const { t: tr } = useTranslation('resources');
  const form = Form.useFormInstance();
  const kind = (Form.useWatch(['nodes', name, 'approverKind'], form) ?? 'user') as ApproverKind;
  const saved = form.getFieldValue(['nodes', name, 'saved']) as StepValue['saved'];
  const approversLabel = labels.label('approverIds');
  return (
    <Card
      size="small"
      title={t('flow.step', { n: index + 1 })}
      data-testid={`flow-step-${index}`}
      extra={
        <Space size={0}>
          <Button
            type="text"
            size="small"
            icon={<ArrowUpOutlined />}
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
            aria-label={t('flow.moveUp')}
            title={t('flow.moveUp')}
            data-testid="flow-step-up"
          />
          <Button
            type="text"
            size="small"
            icon={<ArrowDownOutlined />}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
            aria-label={t('flow.moveDown')}
            title={t('flow.moveDown')}
            data-testid="flow-step-down"
          />
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            onClick={onRemove}
            aria-label={tr('actions.delete')}
            title={tr('actions.delete')}
            data-testid="flow-step-remove"
          />
        </Space>
      }
    >
      <GridRow gutter={12}>
        <Col xs={24} md={7}>
          <Form.Item
            name={[name, 'name']}
            label={labels.label('name')}
            rules={[
              { required: true, whitespace: true, message: tr('form.required', { label: labels.label('name') }) },
            ]}
          >
            <Input maxLength={100} data-testid="flow-step-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name={[name, 'approverKind']} label={labels.label('approverKind')} rules={[{ required: true }]}>
            <Select
              options={labels.kinds}
              onChange={() => form.setFieldValue(['nodes', name, 'approverIds'], [])}
              data-testid="flow-step-kind"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={11}>
          {kind === 'orgLeader' ? (
            <Form.Item label={approversLabel}>
              <Typography.Text type="secondary" data-testid="flow-step-leader-hint">
                {t('flow.orgLeaderHint')}
              </Typography.Text>
            </Form.Item>
          ) : (
            <Form.Item
              name={[name, 'approverIds']}
              label={approversLabel}
              rules={[{ required: true, type: 'array', min: 1, message: t('flow.approversRequired') }]}
            >
              <ApproverSelect
                key={kind}
                kind={kind}
                initial={saved?.kind === kind ? saved.names : []}
                placeholder={t(kind === 'role' ? 'flow.chooseRoles' : 'flow.chooseUsers')}
                testId="flow-step-approvers"
              />
            </Form.Item>
          )}
        </Col>
      </GridRow>
    </Card>
  );
}
