import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  applyNodeChanges,
  Background,
  Controls,
  type Edge,
  type Node,
  type NodeChange,
  ReactFlow,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { Button, Card, Empty, Input, Select, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type Envelope, http } from '../../platform/http/client';
import { toast } from '../../platform/ui/feedback';
import type { Row } from '../../resources/types';
import { procedures, routing, saveSteps } from './api';
import { type FlowStep, missingReasons, ordered } from './flow-order';
import './production.css';

type Step = FlowStep;

const GAP = 200;
let seq = 0;
const key = () => `s${Date.now().toString(36)}${seq++}`;

const routings = async (template: boolean) =>
  (
    await http.get<Envelope<Row[]>>('/api-pm/tecProcessMain/page', {
      page: 1,
      limit: 200,
      ...(template ? { isTemplate: true } : {}),
    })
  ).data;

function stepsOf(r: Row & { steps: Row[] }): Step[] {
  const layout = (r.layout as { positions?: Record<string, { x: number; y: number }> } | null)?.positions ?? {};
  return [...r.steps]
    .sort((a, b) => Number(a.seq) - Number(b.seq))
    .map((s, i) => ({
      key: key(),
      procedureId: Number(s.procedureId),
      repeatReason: String(s.repeatReason ?? ''),
      x: layout[String(i)]?.x ?? i * GAP,
      y: layout[String(i)]?.y ?? 80,
    }));
}

/**
 * /process/index (and /process/java): a routing's procedures drawn as a flow (React Flow). Procedures are added from
 * the list or copied from a process template, dragged into their order, and saved as the routing's steps; the same
 * procedure twice in a row asks for a reason (the server refuses it without one).
 */
export default function ProcessEditor() {
  const { t } = useTranslation('production');
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const list = useQuery({ queryKey: ['routings', 'all'], queryFn: () => routings(false) });
  const templates = useQuery({ queryKey: ['routings', 'templates'], queryFn: () => routings(true) });
  const procs = useQuery({ queryKey: ['procedures', 'all'], queryFn: procedures });
  const current = useQuery({ queryKey: ['routing', id], enabled: !!id, queryFn: () => routing(id!) });
  const [steps, setSteps] = useState<Step[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [adding, setAdding] = useState<number | null>(null);

  useEffect(() => {
    if (current.data) setSteps(stepsOf(current.data));
  }, [current.data]);

  const names = useMemo(
    () => new Map((procs.data ?? []).map((p) => [Number(p.id), `${p.code} ${p.name}`])),
    [procs.data],
  );
  const flow = ordered(steps);
  const nodes: Node[] = flow.map((s, i) => ({
    id: s.key,
    position: { x: s.x, y: s.y },
    data: { label: `${i + 1}. ${names.get(s.procedureId) ?? s.procedureId}` },
    selected: s.key === selected,
  }));
  const edges: Edge[] = flow
    .slice(1)
    .map((s, i) => ({ id: `e${i}`, source: flow[i]!.key, target: s.key, animated: true }));
  const repeats = new Set(flow.filter((s, i) => i > 0 && flow[i - 1]!.procedureId === s.procedureId).map((s) => s.key));
  const missing = missingReasons(flow);

  const onNodesChange = (changes: NodeChange[]) => {
    const moved = applyNodeChanges(changes, nodes);
    setSteps((old) =>
      old.map((s) => {
        const n = moved.find((m) => m.id === s.key);
        return n ? { ...s, x: n.position.x, y: n.position.y } : s;
      }),
    );
    const pick = changes.find((c) => c.type === 'select' && c.selected);
    if (pick && 'id' in pick) setSelected(pick.id);
  };

  const add = (procedureId: number) => {
    const last = flow[flow.length - 1];
    setSteps([...steps, { key: key(), procedureId, repeatReason: '', x: last ? last.x + GAP : 0, y: last?.y ?? 80 }]);
  };
  const save = async () => {
    const positions = Object.fromEntries(flow.map((s, i) => [String(i), { x: Math.round(s.x), y: Math.round(s.y) }]));
    toast(
      'success',
      await saveSteps({
        id: id!,
        steps: flow.map((s) => ({
          procedureId: s.procedureId,
          ...(s.repeatReason ? { repeatReason: s.repeatReason } : {}),
        })),
        layout: { positions },
      }),
    );
    await current.refetch();
  };
  const sel = steps.find((s) => s.key === selected) ?? null;

  return (
    <div data-testid="process-editor">
      <Space wrap className="production-bar">
        <Select
          showSearch
          optionFilterProp="label"
          placeholder={t('routing.pick')}
          className="production-pick"
          value={id ?? undefined}
          options={(list.data ?? []).map((r) => ({ value: Number(r.id), label: `${r.code} ${r.name}` }))}
          onChange={(v) => setParams({ id: String(v) })}
          style={{ minWidth: 220 }}
        />
        {id && (
          <>
            <Select
              placeholder={t('routing.fromTemplate')}
              style={{ minWidth: 180 }}
              options={(templates.data ?? []).map((r) => ({ value: Number(r.id), label: `${r.code} ${r.name}` }))}
              onChange={async (v) => setSteps(stepsOf(await routing(Number(v))))}
            />
            <Select
              showSearch
              optionFilterProp="label"
              placeholder={t('routing.procedure')}
              style={{ minWidth: 180 }}
              value={adding ?? undefined}
              options={(procs.data ?? []).map((p) => ({ value: Number(p.id), label: `${p.code} ${p.name}` }))}
              onChange={(v) => setAdding(Number(v))}
              data-testid="process-procedure"
            />
            <Button
              icon={<PlusOutlined />}
              disabled={!adding}
              onClick={() => adding && add(adding)}
              data-testid="process-add"
            >
              {t('routing.add')}
            </Button>
            <Button
              type="primary"
              icon={<SaveOutlined />}
              disabled={missing.length > 0}
              onClick={() => save().catch(() => undefined)}
              data-testid="process-save"
            >
              {t('routing.save')}
            </Button>
          </>
        )}
      </Space>
      {!id ? (
        <Empty description={t('routing.none')} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('routing.help')}</Typography.Paragraph>
          <div className="production-flow">
            <ReactFlow nodes={nodes} edges={edges} onNodesChange={onNodesChange} fitView>
              <Background />
              <Controls />
            </ReactFlow>
          </div>
          {sel && (
            <Card size="small" className="production-cards" title={names.get(sel.procedureId)}>
              <Space direction="vertical" className="production-full">
                {repeats.has(sel.key) && (
                  <Input
                    status={sel.repeatReason ? undefined : 'error'}
                    placeholder={t('routing.repeatReason')}
                    maxLength={200}
                    value={sel.repeatReason}
                    onChange={(e) =>
                      setSteps(steps.map((s) => (s.key === sel.key ? { ...s, repeatReason: e.target.value } : s)))
                    }
                  />
                )}
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => {
                    setSteps(steps.filter((s) => s.key !== sel.key));
                    setSelected(null);
                  }}
                >
                  {t('routing.remove')}
                </Button>
              </Space>
            </Card>
          )}
        </>
      )}
    </div>
  );
}
