import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
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

/** The web sources (.ts, .tsx) below a folder, tests aside. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

describe('save buttons', () => {
  it('validate through validated(), never a bare form.validateFields() whose rejection escapes the click', () => {
    const root = join(__dirname, '..', '..');
    const bare = sources(root)
      .filter((f) => !f.endsWith(join('platform', 'ui', 'validated.ts')))
      .filter((f) => /\.validateFields\(\s*\)/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(root, f));
    expect(bare).toEqual([]);
  });
});
