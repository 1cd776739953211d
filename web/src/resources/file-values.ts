/** An uploaded file as image and attachment fields hold it. */
export interface FileItem {
  id: number;
  name: string;
  url?: string;
}

/** An item stored before uploads existed: a text, or an object with a name or an address. */
export type OldEntry = string | { name?: string; url?: string };

/** A stored item: an uploaded file, or one kept from before uploads existed. */
export type FileEntry = FileItem | OldEntry;

/** The server's limit per file (the upload route refuses larger ones). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** What the attachment picker offers (the server checks the content as well). */
export const ATTACHMENT_ACCEPT = '.jpg,.jpeg,.png,.gif,.webp,.heic,.heif,.pdf,.xlsx,.docx,.txt,.zip';

export const isFileItem = (v: unknown): v is FileItem =>
  typeof v === 'object' && v !== null && typeof (v as FileItem).id === 'number';

/** The items of a field's value, whatever shape it arrived in (array, JSON text, one item). */
export function fileEntries(value: unknown): FileEntry[] {
  let v = value;
  if (typeof value === 'string') {
    try {
      v = JSON.parse(value);
    } catch {
      return value.trim() ? [value] : [];
    }
  }
  const list = Array.isArray(v) ? v : v === null || v === undefined ? [] : [v];
  return list.filter((x): x is FileEntry => typeof x === 'string' || (typeof x === 'object' && x !== null));
}

const lastPart = (s: string) => s.split(/[?#]/)[0]!.split('/').filter(Boolean).pop() ?? s;

export function entryName(e: FileEntry): string {
  if (typeof e === 'string') return lastPart(e);
  return e.name || (e.url ? lastPart(e.url) : '—');
}

/**
 * The address to show or open an entry: an upload is read with the token in the query (an <img src> or a
 * link sends no header); an old absolute address is used as it is, without the token; other old texts have none.
 */
export function entrySrc(e: FileEntry, token: string | null, base = ''): string | undefined {
  if (!isFileItem(e)) {
    const url = typeof e === 'string' ? e : (e.url ?? '');
    return /^https?:\/\//.test(url) ? url : undefined;
  }
  const path = e.url ?? `/api-file/files/${e.id}`;
  if (!path.startsWith('/api-file/files/')) return undefined;
  return token ? `${base}${path}?access_token=${encodeURIComponent(token)}` : `${base}${path}`;
}

export const isImageName = (name: string): boolean => /\.(jpe?g|png|gif|webp|heic|heif)$/i.test(name);

/** A key for an entry in a list (an upload's id, else its place). */
export const entryKey = (e: FileEntry, i: number): string => (isFileItem(e) ? `file-${e.id}` : `old-${i}`);
