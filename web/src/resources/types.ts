/** The merged declaration served by GET /api-manage/meta/<entity> (declared plus the tenant's custom fields). */
export type FieldType =
  | 'string'
  | 'text'
  | 'integer'
  | 'decimal'
  | 'date'
  | 'datetime'
  | 'boolean'
  | 'enum'
  | 'dict'
  | 'ref'
  | 'json'
  | 'image'
  | 'attachments';

export type FilterKind = 'eq' | 'like' | 'range' | 'in';
export type Action = 'page' | 'all' | 'get' | 'save' | 'update' | 'del' | 'importexcel' | 'exportexcel';

export interface Option {
  value: string | number;
  label: string;
}

export interface FieldMeta {
  /** Wire path: a declared name, or custom.<key> for a custom field. */
  name: string;
  type: FieldType;
  label: string;
  required: boolean;
  unique: boolean;
  custom: boolean;
  list: boolean;
  filter: FilterKind | null;
  sortable: boolean;
  writable: boolean;
  importable: boolean;
  exportable: boolean;
  /** Wire name of the readable value of a ref or dict field. */
  display: string | null;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  scale?: number;
  default?: string | number | boolean;
  options?: Option[];
  ref?: string;
  optionsUrl?: string;
  /** A dependent ref: the field whose value narrows the choices (a line within the chosen workshop). */
  within?: string;
}

export interface EntityMeta {
  name: string;
  title: string;
  codeField: string | null;
  nameField: string;
  treeParent: string | null;
  softDelete: boolean;
  paths: Partial<Record<Action, string>>;
  templateUrl: string | null;
  /** What the current user may do (computed by the server from the user's permission codes). */
  can: Record<'view' | 'add' | 'edit' | 'delete' | 'import' | 'export', boolean>;
  children: { entity: string; field: string; as: string; meta: string }[];
  fields: FieldMeta[];
}

export type Row = Record<string, unknown> & { id: number };

export interface ImportIssue {
  row: number;
  column: string;
  field?: string;
  message: string;
}
