import type { QueryClient } from '@tanstack/react-query';
import type { ApiData } from '../api/types';
import { type Envelope, http } from '../platform/http/client';
import { mayRun } from './can';
import type { EntityMeta, Row, WorkflowAction } from './types';

/**
 * The workflow of a document on the web, from its metadata alone (GET /api-manage/meta/<entity>: states,
 * actions, their inputs and whether the caller holds one of their permission codes). WorkflowActions renders it.
 */

/** Query keys of one record: its detail and its timeline, under the key a realtime push of the entity reloads. */
export const recordKey = (entity: string, id: number) => ['resource-row', entity, id, 'detail'];
export const timelineKey = (entity: string, id: number) => ['resource-row', entity, id, 'steps'];

/** The actions a person may run on the row now: declared from its state, not internal, and permitted to them. */
export function offeredActions(meta: EntityMeta, row: Row): WorkflowAction[] {
  const wf = meta.workflow;
  if (!wf) return [];
  const state = String(row[wf.stateField] ?? '');
  return wf.actions.filter((a) => a.from.includes(state) && mayRun(meta, a, row));
}

/** An action with inputs or a required reason opens a dialog; others run at once (after a confirmation). */
export const needsDialog = (a: WorkflowAction) => a.fields.length > 0 || a.commentRequired;

type PageData = Envelope<Row[]> | Row[];

const merge = (rows: Row[], row: Row) => rows.map((r) => (r.id === row.id ? { ...r, ...row } : r));

/**
 * Takes the row a workflow action answered with into the cache: the record's detail and every cached page of the
 * entity holding it are updated in place (no refetch); the pages are marked stale, so a list filtered by state
 * drops the row the next time it is shown; the timeline, which the answer does not carry, is refetched if shown.
 */
export async function acceptRow(queryClient: QueryClient, entity: string, row: Row): Promise<void> {
  queryClient.setQueryData<Row>(recordKey(entity, row.id), (old) => (old ? { ...old, ...row } : old));
  queryClient.setQueriesData<PageData>({ queryKey: ['resource-page', entity] }, (old) => {
    if (Array.isArray(old)) return merge(old, row);
    if (old && Array.isArray(old.data)) return { ...old, data: merge(old.data, row) };
    return old;
  });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['resource-page', entity], refetchType: 'none' }),
    queryClient.invalidateQueries({ queryKey: timelineKey(entity, row.id) }),
  ]);
}

/** Runs a declared action (POST <url> { id, ...inputs, comment }); the answer carries the row as it now is. */
export async function runStep(
  url: string,
  id: number,
  body: Record<string, unknown>,
): Promise<{ row: Row | null; msg: string }> {
  const r = await http.post<Envelope<Row>>(url, { ...body, id });
  const row = r.data && typeof r.data === 'object' && 'id' in r.data ? r.data : null;
  return { row, msg: r.msg ?? '' };
}

/** A document's timeline (GET workflow.stepsUrl ?id=): its steps and its running approval; one schema for all. */
export type Timeline = ApiData<'/api-manage/maintaintask/steps'>;
export type Step = Timeline['steps'][number];
/** The running approval of a document (from its timeline). */
export type RunningApproval = NonNullable<Timeline['approval']>;

export type Decision = 'approve' | 'reject' | 'recall';

/** The decisions a person may take on a running approval: an approver's, and the submitter's recall. */
export function offeredDecisions(approval: RunningApproval, me: number | null): Decision[] {
  return [
    ...(approval.mine ? (['approve', 'reject'] as const) : []),
    ...(approval.submitterId !== null && approval.submitterId === me ? (['recall'] as const) : []),
  ];
}

export const decide = async (decision: Decision, id: number, comment?: string) =>
  (await http.post<Envelope<unknown>>(`/api-flow/approval/${decision}`, { id, comment })).msg ?? '';
