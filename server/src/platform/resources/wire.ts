/**
 * The engine's declarations and metadata as they travel between server and web: the one source of both.
 * Types only and no imports, so the web imports it with `import type` and nothing server-side is bundled.
 */

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

export type PermissionKind = 'view' | 'add' | 'edit' | 'delete' | 'import' | 'export';

/** A choice of an enum, dictionary or reference field. */
export interface Option {
  value: string | number;
  label: string;
}

/** One field of the merged declaration served by GET /api-manage/meta/<entity>. */
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
  /** A new record's value is the moment (or day) it is made: the form starts with now. */
  defaultNow?: boolean;
  options?: Option[];
  dict?: string;
  ref?: string;
  /** For refs: where the web fetches choices ({ value, label, code }). */
  optionsUrl?: string;
  /** For refs to an engine entity: its metadata path. */
  refMeta?: string;
  /** For a dependent ref: the field whose value narrows the choices (sent as `within` to optionsUrl). */
  within?: string;
  /** For a ref to a tree (its target declares treeParent): the choices carry their `parent`, drawn as a tree. */
  tree?: boolean;
}

/** The merged declaration (declared plus the tenant's custom fields) the generic web pages render. */
export interface EntityMeta {
  name: string;
  title: string;
  codeField: string | null;
  nameField: string;
  treeParent: string | null;
  softDelete: boolean;
  customFields: boolean;
  defaultSort: { readonly field: string; readonly dir: 'asc' | 'desc' } | null;
  children: { entity: string; field: string; as: string; meta: string }[];
  paths: Partial<Record<Action, string>>;
  templateUrl: string | null;
  permissions: Record<PermissionKind, string[]>;
  /** What the caller may do, computed by the server (the web only hides what the server refuses). */
  can: Record<PermissionKind, boolean>;
  /**
   * When the entity's rows are split by a field (EntityDef.permissionsBy, the kind of check work): what the
   * caller may do on the rows of each value of it. A page fixed to one value shows that value's buttons.
   */
  canBy: { field: string; values: Record<string, Record<PermissionKind, boolean>> } | null;
  fields: FieldMeta[];
  /** The document's states and actions, when it has a declared workflow. */
  workflow: WorkflowMeta | null;
}

/** One declared action of a document as the web sees it (buttons per state and permission). */
export interface ActionMeta {
  name: string;
  label: string;
  from: readonly string[];
  to: string;
  url: string;
  permission: string[];
  /** The caller holds one of the permission codes. */
  can: boolean;
  /** Per value of the entity's permissionsBy field: the caller holds a code of the action for those rows. */
  canBy: Record<string, boolean> | null;
  commentRequired: boolean;
  danger: boolean;
  /** The question to ask before the step (what it will do), in the caller's language; null: none of its own. */
  confirm: string | null;
  /** The action's inputs, shaped like entity fields. */
  fields: FieldMeta[];
}

export interface WorkflowMeta {
  stateField: string;
  approvalType: string | null;
  actions: ActionMeta[];
  /** GET ?id= : the document's timeline and its running approval. */
  stepsUrl: string;
}

/** One problem of an import file, by spreadsheet row and column. */
export interface ImportIssue {
  row: number;
  column: string;
  field: string;
  message: string;
}
