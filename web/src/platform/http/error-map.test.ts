import { describe, expect, it } from 'vitest';
import { mapCall } from './error-map';

const call = (status: number, body: unknown, isLogin = false, errorMessage?: string) =>
  mapCall({ status, body, isLogin, errorMessage });

describe('error catalogue (spec 8)', () => {
  it('passes a success envelope', () => {
    expect(call(200, { rtnCode: 200, data: 1 })).toEqual({ kind: 'ok' });
    expect(call(200, { access_token: 't' }, true)).toEqual({ kind: 'ok' });
  });

  it("rejects a 201 body and shows the body's message as an error toast", () => {
    expect(call(200, { rtnCode: 201, msg: '原始密码错误' })).toEqual({
      kind: 'reject',
      reason: 'business',
      toast: { level: 'error', text: '原始密码错误', key: 'requestFailed', duration: 5 },
    });
  });

  it('ignores code 11211 silently', () => {
    expect(call(200, { code: 11211 })).toEqual({ kind: 'reject', reason: 'silent' });
    expect(call(200, { rtnCode: 11211 })).toEqual({ kind: 'reject', reason: 'silent' });
  });

  it("shows the server's error_description as a warning when login fails with 401", () => {
    expect(call(401, { error: 'invalid_grant', error_description: '账号已锁定' }, true)).toMatchObject({
      toast: { level: 'warning', text: '账号已锁定' },
    });
  });

  it('shows 用户名或者密码错误 when login fails otherwise', () => {
    const out = call(500, { msg: 'boom' }, true);
    expect(out).toMatchObject({ kind: 'reject', toast: { level: 'warning', key: 'loginFailed' } });
    expect(out.kind === 'reject' && out.toast?.text).toBeUndefined();
    expect(call(0, null, true, 'Failed to fetch')).toMatchObject({ toast: { key: 'loginFailed' } });
  });

  it('shows error_description as a warning on 403', () => {
    expect(call(403, { error: 'access_denied', error_description: '没有权限' })).toMatchObject({
      reason: 'forbidden',
      toast: { level: 'warning', text: '没有权限' },
    });
  });

  it('asks to log in again and logs out on 401', () => {
    expect(call(401, { error: 'unauthorized' })).toMatchObject({
      reason: 'unauthorized',
      logout: true,
      toast: { level: 'error', key: 'loginAgain', duration: 5 },
    });
  });

  it('shows 网络请求失败 (or the error message) for 5 seconds otherwise', () => {
    expect(call(0, null, false, 'Failed to fetch')).toMatchObject({
      reason: 'failure',
      toast: { level: 'error', key: 'networkFailed', duration: 5, text: undefined },
    });
    expect(call(500, { rtnCode: 500, msg: '服务器内部错误' })).toMatchObject({
      toast: { text: '服务器内部错误', duration: 5 },
    });
    expect(call(400, { rtnCode: 400, msg: 'name 必填', field: 'name' })).toMatchObject({
      toast: { text: 'name 必填' },
    });
    expect(call(502, '<html>bad gateway</html>')).toMatchObject({ toast: { key: 'networkFailed', text: undefined } });
  });
});
