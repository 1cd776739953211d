import { QueryClient, QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { createInstance } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en/resources.json';
import type { EntityMeta, FieldMeta, Row, WorkflowAction } from './types';
import { type WorkflowActionsProps, WorkflowButtons } from './WorkflowActions';
import { acceptRow, needsDialog, offeredActions, offeredDecisions, recordKey, runStep, timelineKey } from './workflow';

const post = vi.hoisted(() => vi.fn());
vi.mock('../platform/http/client', async (load) => ({
  ...(await load<typeof import('../platform/http/client')>()),
  http: { post },
}));
afterEach(() => post.mockReset());

const reason = { name: 'reason', type: 'string', label: 'Reason', required: true } as FieldMeta;
const action = (name: string, from: string[], more: Partial<WorkflowAction> = {}): WorkflowAction => ({
  name,
  label: `Do ${name}`,
  from,
  to: `${name}ed`,
  url: `/api-manage/doc/${name}`,
  permission: [`doc:${name}`],
  can: true,
  canBy: null,
  commentRequired: false,
  danger: false,
  confirm: null,
  fields: [],
  ...more,
});

/** A document as its metadata describes it: submit and recall a draft, audit (held by nobody) and reject. */
const meta = {
  name: 'doc',
  workflow: {
    stateField: 'state',
    approvalType: null,
    stepsUrl: '/api-manage/doc/steps',
    actions: [
      action('submit', ['draft']),
      action('cancel', ['draft'], { danger: true }),
      action('audit', ['submitted'], { can: false }),
      action('reject', ['submitted'], { commentRequired: true, danger: true }),
      action('dispatch', ['submitted'], { fields: [reason] }),
    ],
  },
  canBy: null,
} as unknown as EntityMeta;

const draft: Row = { id: 7, state: 'draft', code: 'D7' };
const submitted: Row = { id: 7, state: 'submitted', code: 'D7' };

async function render(props: Partial<WorkflowActionsProps> & { row: Row }) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { resources: en } }, ns: ['resources'] });
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <WorkflowButtons meta={meta} entity="doc" {...props} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const testIds = (html: string) => [...html.matchAll(/data-testid="([^"]+)"/g)].map((m) => m[1]);

describe('the buttons of a document', () => {
  it('are the actions that leave its state and whose permission the caller holds', () => {
    expect(offeredActions(meta, draft).map((a) => a.name)).toEqual(['submit', 'cancel']);
    // audit leaves `submitted` too, but the caller holds none of its codes.
    expect(offeredActions(meta, submitted).map((a) => a.name)).toEqual(['reject', 'dispatch']);
    expect(offeredActions(meta, { id: 1, state: 'audited' })).toEqual([]);
    expect(offeredActions({ ...meta, workflow: null }, draft)).toEqual([]);
  });

  it('follow the permission of the row where the rights are split by a field (a check kind)', () => {
    const split = {
      ...meta,
      canBy: { field: 'kind', values: {} },
      workflow: {
        ...meta.workflow!,
        actions: [action('enable', ['off'], { can: true, canBy: { '1': false, '2': true } })],
      },
    } as EntityMeta;
    expect(offeredActions(split, { id: 1, state: 'off', kind: 1 })).toEqual([]);
    expect(offeredActions(split, { id: 2, state: 'off', kind: 2 }).map((a) => a.name)).toEqual(['enable']);
  });

  it('open a dialog for an action with inputs or a required reason, and run the others at once', () => {
    const [, , , reject, dispatch] = meta.workflow!.actions;
    expect([reject, dispatch].map((a) => needsDialog(a!))).toEqual([true, true]);
    expect(needsDialog(meta.workflow!.actions[0]!)).toBe(false);
  });

  it('are rendered with their labels and test ids, nothing for actions not offered', async () => {
    const html = await render({ row: draft, testId: 'row' });
    expect(html).toContain('Do submit');
    expect(html).toContain('Do cancel');
    expect(html).not.toContain('Do audit');
    expect(testIds(html)).toEqual(['row-submit', 'row-cancel']);
    expect(await render({ row: { id: 1, state: 'audited' } })).toBe('');
  });

  it('stand in a bar above a record, and a page may hide one of them', async () => {
    const html = await render({ row: draft, look: 'bar', tune: (a) => (a.name === 'cancel' ? { hidden: true } : {}) });
    expect(testIds(html)).toEqual(['workflow-actions', 'workflow-submit']);
    expect(html).toContain('ant-btn-primary');
    expect(await render({ row: { id: 1, state: 'audited' }, look: 'bar' })).toBe('');
  });

  it("give way to the running approval's decisions: an approver's approve and reject, the submitter's recall", async () => {
    const approval = { id: 3, node: 'Lead', approvers: [9], decisions: 0, mine: true, submitterId: 5 };
    expect(offeredDecisions(approval, 9)).toEqual(['approve', 'reject']);
    expect(offeredDecisions({ ...approval, mine: false }, 5)).toEqual(['recall']);
    expect(offeredDecisions({ ...approval, mine: false }, 9)).toEqual([]);
    const html = await render({ row: submitted, look: 'bar', approval, me: 9 });
    expect(testIds(html)).toEqual([
      'workflow-actions',
      'workflow-approval-pending',
      'workflow-approval-approve',
      'workflow-approval-reject',
    ]);
    expect(html).toContain('Awaiting approval: Lead');
    expect(html).not.toContain('Do dispatch');
  });
});

describe('a step taken', () => {
  it('posts the id and the inputs to the action and gives back the row the server answered with', async () => {
    post.mockResolvedValue({ rtnCode: 200, msg: 'Submitted', data: { ...draft, state: 'submitted' } });
    const done = await runStep('/api-manage/doc/submit', 7, { comment: 'ok', id: 99 });
    expect(post).toHaveBeenCalledWith('/api-manage/doc/submit', { comment: 'ok', id: 7 });
    expect(done).toEqual({ row: { ...draft, state: 'submitted' }, msg: 'Submitted' });
    post.mockResolvedValue({ rtnCode: 200, msg: 'Done', data: null });
    expect(await runStep('/api-manage/doc/submit', 7, {})).toEqual({ row: null, msg: 'Done' });
  });

  it('puts the answered row into the cached record and lists without fetching them again; the timeline is reread', async () => {
    const qc = new QueryClient();
    const fetched = { page: 0, mine: 0, detail: 0, steps: 0 };
    const watch = (queryKey: unknown[], name: keyof typeof fetched, data: unknown) => {
      const observer = new QueryObserver(qc, {
        queryKey,
        queryFn: async () => {
          fetched[name]++;
          return data;
        },
      });
      observer.subscribe(() => undefined);
      return observer;
    };
    const other = { id: 8, state: 'draft', code: 'D8' };
    const page = watch(['resource-page', 'doc', { page: 1 }], 'page', { rtnCode: 200, data: [draft, other], count: 2 });
    const mine = watch(['resource-page', 'doc', 'mine'], 'mine', [draft]);
    const detail = watch(recordKey('doc', 7), 'detail', { ...draft, lines: [{ id: 1 }] });
    watch(timelineKey('doc', 7), 'steps', { steps: [] });
    await vi.waitFor(() => expect(qc.isFetching()).toBe(0));
    expect(fetched).toEqual({ page: 1, mine: 1, detail: 1, steps: 1 });

    await acceptRow(qc, 'doc', { id: 7, state: 'submitted', code: 'D7' });
    await vi.waitFor(() => expect(qc.isFetching()).toBe(0));
    expect(fetched).toEqual({ page: 1, mine: 1, detail: 1, steps: 2 });
    expect(page.getCurrentResult().data).toEqual({
      rtnCode: 200,
      data: [{ id: 7, state: 'submitted', code: 'D7' }, other],
      count: 2,
    });
    expect(mine.getCurrentResult().data).toEqual([{ id: 7, state: 'submitted', code: 'D7' }]);
    // The detail keeps what the action's answer does not carry (a document's lines).
    expect(detail.getCurrentResult().data).toEqual({ id: 7, state: 'submitted', code: 'D7', lines: [{ id: 1 }] });
    // The lists are stale: shown again (another page, another state tab), they are read anew.
    expect(qc.getQueryState(['resource-page', 'doc', { page: 1 }])?.isInvalidated).toBe(true);
    qc.clear();
  });
});
