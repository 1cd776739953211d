import type { TFunction } from 'i18next';
import { isValidElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import en from '../locales/en/layout.json';
import { downloadNotice } from './download-notice';

/** The English texts of the layout namespace, with {{name}} filled in. */
const t = ((key: string, params: Record<string, string> = {}) => {
  let node: unknown = en;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)?.[part];
  return String(node ?? key).replace(/\{\{(\w+)\}\}/g, (_, k: string) => params[k] ?? '');
}) as unknown as TFunction;

const row = { id: 41, ywlx: 'equipment', filename: '设备台账.xlsx', typeName: '设备台账' };

describe('the notice of a finished export', () => {
  it('names the file and links to it once the file is ready', () => {
    const notice = downloadNotice({ ...row, filepath: 'ready' }, t)!;
    expect(notice).toMatchObject({ kind: 'success', key: 'download-41', title: 'Export ready' });
    expect(isValidElement(notice.description)).toBe(true);
    const html = renderToStaticMarkup(notice.description as React.ReactElement);
    expect(html).toContain('&quot;设备台账.xlsx&quot; is ready.');
    expect(html).toMatch(/<a href="\/api-core\/download\/file\/41(\?[^"]*)?"/);
    expect(html).toContain('Download');
  });

  it('says so when the export failed, and nothing while it is being made', () => {
    expect(downloadNotice({ ...row, filepath: null, error: 'boom' }, t)).toMatchObject({
      kind: 'error',
      title: 'Export failed',
      description: '"设备台账.xlsx" could not be made; please try again later.',
    });
    expect(downloadNotice({ ...row, filepath: null }, t)).toBeNull();
  });

  it('falls back to the kind of download when the row has no file name', () => {
    const notice = downloadNotice({ id: 7, ywlx: 0, filepath: 'ready' }, t)!;
    expect(renderToStaticMarkup(notice.description as React.ReactElement)).toContain('&quot;Repair tasks&quot;');
  });
});
