import { describe, expect, it } from 'vitest';
import { validated } from './validated';

const formThat = (validateFields: () => Promise<unknown>) => ({ validateFields }) as Parameters<typeof validated>[0];

describe('validated form values', () => {
  it('gives the values when the rules pass', async () => {
    await expect(validated(formThat(async () => ({ code: 'A' })))).resolves.toEqual({ code: 'A' });
  });

  it('gives null, not a rejection, when a required field is empty', async () => {
    const failure = { values: {}, errorFields: [{ name: ['code'], errors: ['请输入编号'] }], outOfDate: false };
    await expect(validated(formThat(() => Promise.reject(failure)))).resolves.toBeNull();
  });

  it('lets any other error through', async () => {
    await expect(validated(formThat(() => Promise.reject(new Error('boom'))))).rejects.toThrow('boom');
  });
});
