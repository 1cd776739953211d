import type { Lang } from '../i18n/index.js';
import type { TenantTx } from '../tenancy/tenant-tx.js';
import type { WorkflowDef } from '../workflow/types.js';
import type { Action, FieldType, FilterKind, PermissionKind } from './wire.js';

/**
 * The declaration of a business entity: one object drives its table (the migration generator), its
 * validation, its routes and OpenAPI entries, its metadata for the generic web pages, its import template
 * and its export. Custom fields of a tenant are the same FieldDef shape stored as data.
 */

export type { Action, FieldType, FilterKind, PermissionKind } from './wire.js';

export type RestMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface FieldDef {
  /** The wire name (spec names where the spec gives them, else camelCase English). */
  readonly name: string;
  /** The database column; defaults to the snake_case of the name. */
  readonly column?: string;
  readonly type: FieldType;
  readonly required?: boolean;
  /** Unique within the tenant (among live rows), optionally together with other fields. */
  readonly unique?: boolean;
  readonly uniqueWith?: readonly string[];
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly min?: number;
  readonly max?: number;
  /** A regular expression the whole text must match. */
  readonly pattern?: string;
  /** numeric(precision, scale) for decimals; default 14, 2. */
  readonly precision?: number;
  readonly scale?: number;
  readonly default?: string | number | boolean;
  /** Dates and times: a new record without a value gets the current date or time. */
  readonly defaultNow?: boolean;
  /** Allowed values of an enum; labels come from `<ns>.<entity>.options.<field>.<value>`. */
  readonly options?: readonly (string | number)[];
  /** Dictionary code (items parent code) of a dict field; the value stored is the item code. */
  readonly dict?: string;
  /** Target entity of a ref (an engine entity or an external target such as user, organization). */
  readonly ref?: string;
  /** Conditions the referenced row must meet (column of the target = value). */
  readonly refWhere?: Readonly<Record<string, string | number | boolean>>;
  /**
   * A dependent reference: the chosen target must belong to this row's value of another ref field (the
   * target's `column` equals it), e.g. a line within the chosen workshop. Choices, saves and imports follow it.
   */
  readonly within?: { readonly field: string; readonly column: string };
  /** The referenced row owns this one: deleting it deletes this row (lines of a workshop). */
  readonly owner?: boolean;
  /** False for history references (a timeline entry does not keep its record from being deleted). */
  readonly blocksDelete?: boolean;
  /**
   * 'setNull': deleting the referenced row clears this reference (the key's `on delete set null`) instead of being
   * refused while the reference exists; a workshop's organisation.
   */
  readonly onDelete?: 'setNull';
  /**
   * False for a reference copied when the row was made and never written from a request (a task item's
   * project and machine, copied by check generation from rows the tenant's row-level security shows): no
   * foreign key is checked on each row written. A request can still filter and join on it. On an owner field
   * (rows only the server writes with their owner), a trigger on the owner's table still removes the rows of
   * the owners deleted (schema.ts ownerCascades).
   */
  readonly foreignKey?: false;
  /**
   * Most rows keep the default (or null) for good, or until they are worked on: the field's index holds only
   * the other rows (a partial index), so writing a row with the default costs no index entry. A filter for a
   * value other than the default, or a range, still reads it.
   */
  readonly sparse?: boolean;
  /**
   * False: no index of the field's own, where another index of the entity serves its reads (the machine and item of
   * a day's 190,000 check items: one entry fewer written per item). A filter on it alone then reads the table.
   */
  readonly indexed?: false;
  /** Shown as a list column (default true for scalar fields). */
  readonly list?: boolean;
  readonly filter?: FilterKind;
  readonly sortable?: boolean;
  /** In the import template and accepted on import (default true for scalar, writable fields). */
  readonly importable?: boolean;
  /** In the export (default true except json-like fields). */
  readonly exportable?: boolean;
  /** A value computed in SQL from the row (alias t); read-only, not stored. */
  readonly computed?: (t: string) => string;
  /**
   * A condition in SQL on the row (alias t) while which the stored value is withheld: every read, filter,
   * sort and export sees null (a blind stocktake's book quantities while counting).
   */
  readonly withheld?: (t: string) => string;
  /** Not accepted from clients (set by workflows). */
  readonly readOnly?: boolean;
  /** Label key; default `<ns>.<entity>.fields.<name>`. */
  readonly label?: string;
  /** What the import template says of the column beside the type's rules (a locale key). */
  readonly hint?: string;
  /**
   * The field's own message (a locale key, given label and value) for an issue of the engine, in place of
   * `resources.validation.<issue>`: `{ unique: 'errors.role.nameTaken' }`.
   */
  readonly messages?: Readonly<Partial<Record<string, string>>>;
}

export interface EntityDef {
  /** Unique name: used in the metadata route, template file name, audit log and job payloads. */
  readonly name: string;
  readonly table: string;
  /** Locale namespace holding `<entity>.title`, `<entity>.fields.*`, `<entity>.options.*`. */
  readonly ns: string;
  /** Route prefix, e.g. /api-manage/equipment. */
  readonly prefix: string;
  /** Extra path names per action (the default path is the action name); a leading / makes one absolute. */
  readonly paths?: Partial<Record<Action, readonly string[]>>;
  /**
   * The spec's REST names of an entity, each with its own method: GET a page, POST a create (an id in the body
   * is ignored), PUT an update, DELETE a delete. A path is under the prefix ('' is the prefix itself) unless it
   * starts with /.
   */
  readonly rest?: Readonly<Partial<Record<RestMethod, string>>>;
  /** Actions offered; default all. */
  readonly actions?: readonly Action[];
  /** Permission codes per kind; any one of an array is enough. */
  readonly permissions: Readonly<Record<PermissionKind, string | readonly string[]>>;
  /**
   * Rows split by a field's value, each value governed by its own codes (the check kinds, one menu each).
   * `valueOf` names the value a code governs, or null for a code over every value. The routes admit a holder of
   * any value's code; then a user reads only rows of the values whose view, add or edit code they hold, and a
   * create, change, delete or workflow step of a row needs that action's code for the row's value.
   */
  readonly permissionsBy?: {
    readonly field: string;
    readonly valueOf: (code: string) => string | number | null;
  };
  /**
   * Data scope (resources/data-scope.ts): the fields by which a member whose roles see only part of the tenant's
   * records is kept to them: the row's workshop (the organisation scope also reads it, through the workshop's
   * organisation, unless `organization` names a field of its own), its work group, the people it belongs to.
   * An entity without it is seen whole by every member (catalogues, settings).
   */
  readonly dataScope?: {
    readonly organization?: string;
    readonly workshop?: string;
    readonly workgroup?: string;
    readonly own?: readonly string[];
  };
  readonly fields: readonly FieldDef[];
  /** Fields that identify a row for people: a reference on import is resolved by code, then by name. */
  readonly codeField?: string;
  readonly nameField: string;
  /** Rows are marked deleted (deleted_at) instead of removed, so history keeps pointing at them. */
  readonly softDelete?: boolean;
  /** Tenant custom fields stored in the `custom` jsonb column; default true. */
  readonly customFields?: boolean;
  /**
   * Columns and indexes of the table that hand-written code keeps outside the declaration (the organisations'
   * invite code, made by the signup routes): the engine never reads or writes them, and the schema diff neither
   * reports nor drops them.
   */
  readonly kept?: { readonly columns?: readonly string[]; readonly indexes?: readonly string[] };
  /**
   * Indexes the entity's own figures need beyond those its fields give (the key, each filter and reference): named
   * `<table>_<name>_idx` on the fields (after tenant_id), covering `include`, holding only the rows `where` (SQL
   * over the table's columns) keeps. The home panel counts the open repair orders from such an index alone.
   */
  readonly indexes?: readonly {
    readonly name: string;
    readonly fields: readonly string[];
    readonly include?: readonly string[];
    readonly where?: string;
    /** A unique index: no two of the rows `where` keeps share the fields (one default template of a kind). */
    readonly unique?: boolean;
  }[];
  /** The default order; `idDir` orders rows of equal value by id (default the same direction). */
  readonly defaultSort?: { readonly field: string; readonly dir: 'asc' | 'desc'; readonly idDir?: 'asc' | 'desc' };
  /** A self reference that makes the rows a tree (shown as such by the web). */
  readonly treeParent?: string;
  /** Child collections embedded by `get` and `all` (workshop.lines). */
  readonly children?: readonly { readonly entity: string; readonly field: string; readonly as: string }[];
  readonly hooks?: EntityHooks;
  /**
   * The My downloads type (ywlx) of its exports, where the spec gives one (0 repair task; 1–3 by the kind of
   * check work, so a function of the export's filters); default its name.
   */
  readonly downloadType?: string | ((query: Readonly<Record<string, unknown>>) => string | undefined);
  /** Every change is pushed to the tenant's open tabs ({ type: 'record', entity, id }): boards follow it live. */
  readonly live?: boolean;
  /** Declared states and actions (platform/workflow): action routes, buttons, timeline. */
  readonly workflow?: WorkflowDef;
  /**
   * Fixed column values of a runtime entity that shares its table with others (the records of one custom
   * form): every read is filtered on them and every insert writes them.
   */
  readonly scope?: Readonly<Record<string, string | number>>;
  /** The title as data (runtime entities); default the locale key `<labels>.title`. */
  readonly title?: Readonly<Record<Lang, string>>;
  /** Locale key prefix of the title, field and option labels; default `<ns>.<name>`. */
  readonly labels?: string;
}

/** Entity rules beyond the field declarations; they run in the request's tenant transaction. */
export interface EntityHooks {
  /**
   * What a person sent turned into the values to check and store, first thing in a write that is not the
   * system's (a template's tree taken from an organisation, or tidied); throw a business error to refuse it.
   */
  beforeValidate?(tx: TenantTx, body: WireRow, existing: WireRow | null): Promise<WireRow>;
  /** Extra checks on a record about to be written (wire names, stored values merged over the old row). */
  check?(tx: TenantTx, row: WireRow, existing: WireRow | null): Promise<FieldIssue[]>;
  /**
   * After a create or update through the API (same transaction). `body` is the request as sent: it may carry
   * values the declaration does not store (the role template a new role starts from).
   */
  afterWrite?(tx: TenantTx, before: WireRow | null, after: WireRow, body: WireRow): Promise<void>;
  /** The entity's rules across the rows of an import: the one import hook (ImportCheck), one or one per stage. */
  importCheck?: ImportCheck | readonly ImportCheck[];
  /** Before rows are deleted through the API (same transaction); throw a business error to refuse. */
  beforeDelete?(tx: TenantTx, rows: readonly WireRow[]): Promise<void>;
  /**
   * Values a person reads written from stored facts in the reader's language, on every row read (pages, records,
   * exports): a check's findings become the repair order's phenomenon. Changes the row in place.
   */
  present?(row: WireRow, lang: Lang): void;
}

/** A problem with one value of one row of an import file, the row named by its index in the file's rows. */
export type RowIssue = FieldIssue & { readonly index: number };

/**
 * An entity's rules across the rows of an import (EntityHooks.importCheck), given the rows as checked against the
 * declaration (wire names, in file order). Any issue and the whole file imports nothing: each is listed with the
 * declaration's, by the file's row and column, in the reader's language (`key` as in FieldIssue). `stage` says
 * when the rules run, in the import's transaction:
 * - `beforeInsert`: once every row passed the declaration and uniqueness, before anything is written. For rules
 *   that judge the file's rows against each other and the stored rows (a meter's readings in time order).
 * - `afterInsert`: once the rows are inserted, for rules that need them in their table (a BOM line that makes its
 *   BOM contain itself, within the file too), or that keep figures of their own from the inserted rows (a meter's
 *   day figures); on any issue the transaction takes the rows back.
 */
export interface ImportCheck {
  readonly stage: 'beforeInsert' | 'afterInsert';
  check(tx: TenantTx, rows: readonly WireRow[]): Promise<RowIssue[]>;
}

/** A row as it travels on the wire (wire names). */
export type WireRow = Record<string, unknown>;

/** One problem with one value. */
export interface FieldIssue {
  field: string;
  /** An issue under resources.validation (`unique`), or a whole locale key of a domain (`errors.role.x`). */
  key: string;
  params?: Record<string, unknown>;
}
