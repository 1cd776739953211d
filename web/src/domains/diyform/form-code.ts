/** Valid form codes (as the server declares them). */
const CODE = /^[a-z][a-z0-9_]{0,39}$/;

/**
 * The form a /showform page shows: the menu leaf's query (the form code, or formCode=<code>), else the
 * page address's ?formCode= (the preview link of /setUp/diyform). Null when neither names a form.
 */
export function formCodeOf(query: string | undefined | null, fullPath: string | undefined | null): string | null {
  const q = (query ?? '').trim().replace(/^[/?]+/, '');
  let code = q.includes('=') ? new URLSearchParams(q).get('formCode') : q;
  if (!code && fullPath) {
    const search = fullPath.includes('?') ? fullPath.slice(fullPath.indexOf('?') + 1) : '';
    code = new URLSearchParams(search).get('formCode');
  }
  return code && CODE.test(code) ? code : null;
}

/** The runtime entity of a form's records, and of its field designer (served by /api-manage/meta/<entity>). */
export const formEntity = (code: string) => `form/${code}`;
export const formFieldsEntity = (code: string) => `form/${code}/fields`;

/** The preview address of a form (the generic form page with the form in the query). */
export const previewPath = (code: string) => `/showform/index?formCode=${encodeURIComponent(code)}`;
