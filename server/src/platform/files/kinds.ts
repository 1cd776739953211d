/**
 * The kinds of file an upload may be: photos and common documents. A file is accepted only when its name's
 * extension and its first bytes agree on one of them (a program renamed .png is neither).
 */

export const MAX_FILE_BYTES = 10 * 1024 * 1024;

interface Kind {
  readonly mime: string;
  readonly extensions: readonly string[];
  readonly matches: (head: Buffer) => boolean;
}

const startsWith = (head: Buffer, bytes: readonly number[], at = 0): boolean =>
  head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);

const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));

const ZIP = (head: Buffer) => startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06]);

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** A plain text file has no NUL byte (every binary format above has some early on). */
const TEXT = (head: Buffer) => !head.includes(0);

const KINDS: readonly Kind[] = [
  { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'], matches: (h) => startsWith(h, [0xff, 0xd8, 0xff]) },
  {
    mime: 'image/png',
    extensions: ['png'],
    matches: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  {
    mime: 'image/gif',
    extensions: ['gif'],
    matches: (h) => startsWith(h, ascii('GIF87a')) || startsWith(h, ascii('GIF89a')),
  },
  {
    mime: 'image/webp',
    extensions: ['webp'],
    matches: (h) => startsWith(h, ascii('RIFF')) && startsWith(h, ascii('WEBP'), 8),
  },
  {
    mime: 'image/heic',
    extensions: ['heic', 'heif'],
    matches: (h) => startsWith(h, ascii('ftyp'), 4) && HEIF_BRANDS.has(h.subarray(8, 12).toString('latin1')),
  },
  { mime: 'application/pdf', extensions: ['pdf'], matches: (h) => startsWith(h, ascii('%PDF-')) },
  {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extensions: ['xlsx'],
    matches: ZIP,
  },
  {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
    matches: ZIP,
  },
  { mime: 'application/zip', extensions: ['zip'], matches: ZIP },
  { mime: 'text/plain; charset=utf-8', extensions: ['txt'], matches: TEXT },
];

/** The extensions accepted, for messages and the web's file pickers. */
export const ALLOWED_EXTENSIONS = KINDS.flatMap((k) => k.extensions);

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/** The mime type of an upload, or null when its extension and its content are not one allowed kind. */
export function kindOf(name: string, data: Buffer): string | null {
  if (data.length === 0) return null;
  const ext = extensionOf(name);
  const head = data.subarray(0, 4096);
  const kind = KINDS.find((k) => k.extensions.includes(ext));
  if (!kind) return null;
  if (kind.matches === TEXT) return TEXT(data) ? kind.mime : null;
  return kind.matches(head) ? kind.mime : null;
}

export const isImage = (mime: string): boolean => mime.startsWith('image/');
