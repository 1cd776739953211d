import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, SAMPLE_FILES } from '../../platform/resources/testkit.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { okCall, secondTenant } from '../org/testkit.js';

/* Feedback with a screenshot: the operator sees the picture; no other company reaches it. */

let t: TestApp;
let admin: string;
let root: string;
let acme: { companyId: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  root = await t.login('root');
  acme = await secondTenant(t, root, 'acme');
});
afterAll(() => t?.close());

const upload = async (token: string) => {
  const png = SAMPLE_FILES['photo.png']!;
  const { payload, headers } = multipart(png.data, 'screen.png', png.type);
  const r = await t.call('POST', '/api-file/files/upload', token, payload, headers);
  expect(r.json().rtnCode).toBe(200);
  return r.json().data.id as number;
};

describe('feedback with a screenshot', () => {
  it('shows the screenshot to the operator, and to no other company', async () => {
    const fileId = await upload(admin);
    const sent = await okCall<{ id: number }>(t, 'POST', '/api-user/feedback/addFeedBack', admin, {
      content: 'The chart overlaps the legend',
      screenshot: fileId,
    });
    const list = await okCall<{ id: number; hasScreenshot: boolean }[]>(
      t,
      'GET',
      '/api-user/feedback/getFeedBackPage?content=overlaps',
      root,
    );
    expect(list.data).toEqual([expect.objectContaining({ id: sent.data.id, hasScreenshot: true })]);

    const picture = await t.call('GET', `/api-user/feedback/getFeedBackPicture?id=${sent.data.id}`, root);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.rawPayload.equals(SAMPLE_FILES['photo.png']!.data)).toBe(true);

    // Another company can neither fetch the picture nor reach the file behind it.
    const other = await t.call('GET', `/api-user/feedback/getFeedBackPicture?id=${sent.data.id}`, acme.token);
    expect(other.statusCode).toBe(403);
    expect((await t.call('GET', `/api-file/files/${fileId}`, acme.token)).statusCode).toBe(404);
    // Nor attach it to its own feedback to have the operator show it.
    const borrowed = await t.call(
      'POST',
      '/api-user/feedback/addFeedBack',
      acme.token,
      { content: 'Look at this', screenshot: fileId },
      { lang: 'en' },
    );
    expect(borrowed.json()).toMatchObject({ rtnCode: 400, field: 'screenshot' });

    const none = await okCall<{ id: number }>(t, 'POST', '/api-user/feedback/addFeedBack', admin, {
      content: 'No picture',
    });
    expect((await t.call('GET', `/api-user/feedback/getFeedBackPicture?id=${none.data.id}`, root)).statusCode).toBe(
      404,
    );
  });
});
