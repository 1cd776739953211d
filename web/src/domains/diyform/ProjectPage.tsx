import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Form, Result, Space, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { HttpError } from '../../platform/http/client';
import { toast } from '../../platform/ui/feedback';
import { validated } from '../../platform/ui/validated';
import { useEntityMeta } from '../../resources/api';
import { displayValue } from '../../resources/display';
import { FieldInput } from '../../resources/FieldInput';
import type { FieldMeta, Row } from '../../resources/types';
import { namePath, toBody, toFormValues } from '../../resources/values';
import { WorkflowActions } from '../../resources/WorkflowActions';
import { formEntity } from './form-code';
import {
  fetchProject,
  fetchProjectForm,
  MODE_PATHS,
  PROJECT,
  type ProjectMode,
  type ProjectView,
  performProject,
  saveProject,
} from './project-api';

const HEAD = ['name', 'formId', 'assigneeId', 'planFinish'];

function issuesOf(err: unknown): { field: string; message: string }[] {
  if (!(err instanceof HttpError)) return [];
  const body = err.body as { field?: string; msg?: string; data?: unknown } | null;
  if (Array.isArray(body?.data)) return body.data as { field: string; message: string }[];
  return body?.field ? [{ field: body.field, message: body.msg ?? '' }] : [];
}

/**
 * /project/projectSaveAdd, Edit, Look, Perform and Audit (spec 2.5): one page in five modes over a project, a
 * record of a project form. Add and edit write the plan (the form's fields but its execution fields), perform
 * fills in the execution fields, look shows it all, and audit shows it with the approve and reject steps.
 */
export default function ProjectPage({ mode }: { mode: ProjectMode }) {
  const { t } = useTranslation('diyform');
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const [chosenForm, setChosenForm] = useState<number | null>(Number(params.get('formId')) || null);
  const project = useQuery({ queryKey: ['project', id], queryFn: () => fetchProject(id!), enabled: !!id });
  const formId = project.data?.formId ?? chosenForm;
  const info = useQuery({
    queryKey: ['project-form', formId],
    queryFn: () => fetchProjectForm(formId!),
    enabled: !project.data && !!formId,
  });
  const { data: meta } = useEntityMeta(PROJECT);
  const code = project.data?.formCode ?? info.data?.formCode ?? null;
  const executionFields = project.data?.executionFields ?? info.data?.executionFields ?? [];
  const formMeta = useEntityMeta(code ? formEntity(code) : '');

  if ((id && project.isLoading) || !meta) return <Spin className="resource-loading" />;
  if (id && !project.data) return <Result status="warning" title={t('project.notFound')} />;
  if (mode !== 'add' && !id) return <Result status="warning" title={t('project.notFound')} />;
  const head = HEAD.map((n) => meta.fields.find((f) => f.name === n)).filter((f): f is FieldMeta => !!f);
  if (!code) {
    const formField = head.find((f) => f.name === 'formId')!;
    return (
      <Card title={t('project.chooseForm')} data-testid="project-choose-form">
        <FieldInput field={formField} value={chosenForm ?? undefined} onChange={(v) => setChosenForm(Number(v))} />
      </Card>
    );
  }
  if (formMeta.isLoading) return <Spin className="resource-loading" />;
  if (formMeta.error || !formMeta.data)
    return <Result status="warning" title={formMeta.error?.message || t('show.unavailable')} />;
  return (
    <ProjectBody
      mode={mode}
      project={project.data ?? null}
      formId={formId!}
      head={head}
      fields={formMeta.data.fields.filter((f) => f.custom)}
      executionFields={executionFields}
    />
  );
}

interface BodyProps {
  mode: ProjectMode;
  project: ProjectView | null;
  formId: number;
  head: FieldMeta[];
  fields: FieldMeta[];
  executionFields: string[];
}

function ProjectBody({ mode, project, formId, head, fields, executionFields }: BodyProps) {
  const { t } = useTranslation('diyform');
  const { t: tr } = useTranslation('resources');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const isExecution = (f: FieldMeta) => executionFields.includes(f.name.slice(7));
  const plan = fields.filter((f) => !isExecution(f));
  const execution = fields.filter(isExecution);
  const planning = mode === 'add' || mode === 'edit';
  const editable = planning
    ? [...head.filter((f) => f.name !== 'formId'), ...plan]
    : mode === 'perform'
      ? execution
      : [];
  const row: Row = project ? { ...project, custom: project.values } : { id: 0, custom: {} };
  const shown = (f: FieldMeta) => displayValue(f, row, tr);
  const initial = toFormValues([...head, ...fields], project ? row : null);

  const submit = async () => {
    const values = await validated(form);
    if (!values) return;
    setSaving(true);
    try {
      const body = toBody(editable, values);
      const custom = (body.custom as Record<string, unknown> | undefined) ?? {};
      const saved = planning
        ? await saveProject({
            ...(project ? { id: project.id } : { formId }),
            name: body.name,
            assigneeId: body.assigneeId ?? null,
            planFinish: body.planFinish ?? null,
            values: custom,
          })
        : await performProject({ id: project!.id, values: custom });
      toast('success', tr('messages.saved'));
      await queryClient.invalidateQueries({ queryKey: ['project', saved.id] });
      await queryClient.invalidateQueries({ queryKey: ['resource-page', PROJECT] });
      if (planning) navigate(`${MODE_PATHS.look}?id=${saved.id}`);
    } catch (err) {
      form.setFields(
        issuesOf(err)
          .map((i) => ({ f: [...head, ...fields].find((x) => x.name === i.field), message: i.message }))
          .filter((x) => x.f)
          .map(({ f, message }) => ({ name: namePath(f!), errors: [message] })),
      );
    } finally {
      setSaving(false);
    }
  };

  const inputs = (list: FieldMeta[]) =>
    list.map((f) => (
      <Form.Item key={f.name} name={namePath(f)} label={f.label} rules={[{ required: f.required, message: f.label }]}>
        <FieldInput field={f} />
      </Form.Item>
    ));
  const readOnly = (list: FieldMeta[], testId: string) => (
    <Descriptions column={{ xs: 1, md: 2 }} bordered size="small" data-testid={testId}>
      {list.map((f) => (
        <Descriptions.Item key={f.name} label={f.label}>
          {shown(f)}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );

  return (
    <Card
      title={t(`project.modes.${mode}`, { name: project?.name ?? '' })}
      data-testid={`project-${mode}`}
      extra={
        project && (mode === 'look' || mode === 'perform' || mode === 'audit') ? (
          <WorkflowActions
            entity={PROJECT}
            row={project}
            look="bar"
            testId="project"
            onDone={() => void queryClient.invalidateQueries({ queryKey: ['project', project.id] })}
          />
        ) : null
      }
    >
      <Form form={form} layout="vertical" initialValues={initial}>
        <Card type="inner" size="small" title={t('project.plan')}>
          {planning
            ? inputs([...head.filter((f) => f.name !== 'formId'), ...plan])
            : readOnly([...head, ...plan], 'project-plan')}
        </Card>
        {mode !== 'add' && execution.length > 0 && (
          <Card type="inner" size="small" title={t('project.execution')} style={{ marginTop: 16 }}>
            {mode === 'perform' ? inputs(execution) : readOnly(execution, 'project-execution')}
          </Card>
        )}
      </Form>
      {editable.length > 0 && (
        <Space style={{ marginTop: 16 }}>
          <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="project-save">
            {tr('actions.save')}
          </Button>
          <Button onClick={() => navigate(-1)}>{tr('actions.cancel')}</Button>
        </Space>
      )}
    </Card>
  );
}
