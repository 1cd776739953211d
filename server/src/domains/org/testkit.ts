import type { LightMyRequestResponse } from 'fastify';

/*
 * Helpers for the tests of the organisation and operator domains. Kept apart from the harness on purpose
 * (structural types only), so the production build does not pull the test harness in.
 */

export interface Caller {
  call(
    method: string,
    url: string,
    token?: string | null,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  login(username: string, password?: string): Promise<string>;
}

export const MEMBER_PASSWORD = 'Member123';

interface MenuNode {
  id: string;
  button: { id: string; ext4: string }[];
  children: MenuNode[];
}

/** Calls a route and returns its JSON body, failing loudly on anything but HTTP 200 with rtnCode 200. */
export async function okCall<T = unknown>(
  t: Caller,
  method: string,
  url: string,
  token: string,
  body?: unknown,
): Promise<{ data: T; count?: number }> {
  const r = await t.call(method, url, token, body);
  const json = r.json();
  if (r.statusCode !== 200 || json.rtnCode !== 200) throw new Error(`${method} ${url}: ${r.statusCode} ${r.body}`);
  return json;
}

/** The root organisation of the caller's company. */
export async function rootOrgId(t: Caller, token: string): Promise<number> {
  const { data } = await okCall<{ id: number }[]>(t, 'GET', '/api-user/organization/getListByTree', token);
  return data[0]!.id;
}

/**
 * A member of the caller's company whose only role grants exactly `codes` (button ext4 values); returns
 * their token. The administrator token `adminToken` sets it up.
 */
export async function memberWithCodes(
  t: Caller,
  adminToken: string,
  username: string,
  codes: string[],
): Promise<{ token: string; userId: number; roleId: number }> {
  const role = await okCall<{ id: number }>(t, 'POST', '/api-user/role/save', adminToken, { name: `role-${username}` });
  const { data: tree } = await okCall<MenuNode[]>(t, 'GET', '/api-user/sys/all', adminToken);
  const menuIds: string[] = [];
  const buttonIds: string[] = [];
  const walk = (nodes: MenuNode[]) => {
    for (const n of nodes) {
      const hits = n.button.filter((b) => codes.includes(b.ext4));
      if (hits.length) menuIds.push(n.id);
      buttonIds.push(...hits.map((b) => b.id));
      walk(n.children);
    }
  };
  walk(tree);
  await okCall(t, 'POST', '/api-user/sys/saveRoleAndMenuid', adminToken, {
    roleId: role.data.id,
    menuIds,
    buttonIds,
  });
  const user = await okCall<{ id: number }>(t, 'POST', '/api-user/users/save', adminToken, {
    peoplename: username,
    username,
    organizationid: await rootOrgId(t, adminToken),
    password: MEMBER_PASSWORD,
    roleIds: [role.data.id],
  });
  return { token: await t.login(username, MEMBER_PASSWORD), userId: user.data.id, roleId: role.data.id };
}

/** A second tenant company created by the operator; returns its id and its administrator's token. */
export async function secondTenant(
  t: Caller,
  rootToken: string,
  code = 'other',
): Promise<{ companyId: number; token: string }> {
  const { data } = await okCall<{ id: number }>(t, 'POST', '/api-user/company/save', rootToken, {
    name: `Company ${code}`,
    code,
    username: `${code}-admin`,
    password: MEMBER_PASSWORD,
    peoplename: `Admin of ${code}`,
  });
  return { companyId: data.id, token: await t.login(`${code}-admin`, MEMBER_PASSWORD) };
}
