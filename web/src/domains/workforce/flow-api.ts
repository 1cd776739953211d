import { useQuery } from '@tanstack/react-query';
import { type Envelope, http } from '../../platform/http/client';

export type ApproverKind = 'role' | 'user' | 'orgLeader';

export interface Named {
  id: number;
  name: string;
}

/** A step of an approval flow as GET /api-flow/actNodes returns it (approvers: the chosen ids with names). */
export interface FlowNode {
  id: number;
  sort: number;
  name: string;
  approverKind: ApproverKind;
  approverIds: number[] | null;
  approvers: Named[] | null;
}

export const NODES_KEY = ['workforce', 'flow-nodes'];

export const useFlowNodes = (flowId: number) =>
  useQuery({
    queryKey: [...NODES_KEY, flowId],
    queryFn: async () => (await http.get<Envelope<FlowNode[]>>('/api-flow/actNodes', { flowId })).data,
    staleTime: 0,
  });

/** Replaces the steps of a flow in the order given (one transaction on the server). */
export const saveFlowNodes = (
  flowId: number,
  nodes: { name: string; approverKind: ApproverKind; approverIds: number[] }[],
) => http.post<Envelope<FlowNode[]>>('/api-flow/actNodes', { flowId, nodes });

/** Who would approve a request of mine through this flow, step by step (roles and org leaders resolved). */
export const usePreviewApprovers = (flowId: number, enabled: boolean) =>
  useQuery({
    queryKey: ['workforce', 'flow-preview', flowId],
    queryFn: async () =>
      (
        await http.get<Envelope<{ nodes: { id: number; approvers: Named[] }[] } | null>>(
          '/api-flow/main/previewAuditUser',
          { flowId },
        )
      ).data,
    enabled,
    staleTime: 0,
  });

/** Live users or enabled roles whose name matches the keyword (the approver pickers' choices). */
export async function searchApprovers(kind: 'role' | 'user', keyword: string): Promise<Named[]> {
  if (kind === 'user') {
    const rows = (
      await http.get<Envelope<{ id: number; peoplename: string; username: string }[]>>('/api-user/users/all', {
        peoplename: keyword,
        state: 1,
        page: 1,
        limit: 50,
      })
    ).data;
    return rows.map((u) => ({ id: u.id, name: u.peoplename || u.username }));
  }
  const rows = (
    await http.get<Envelope<{ id: number; name: string }[]>>('/api-user/role/all', { name: keyword, state: 1 })
  ).data;
  return rows.map((r) => ({ id: r.id, name: r.name }));
}
