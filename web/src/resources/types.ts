// The engine's wire types have one source, the server's; type-only, so nothing server-side is bundled.
export type {
  Action,
  ActionMeta as WorkflowAction,
  EntityMeta,
  FieldMeta,
  FieldType,
  FilterKind,
  ImportIssue,
  Option,
  WorkflowMeta,
} from '../../../server/src/platform/resources/wire';

export type Row = Record<string, unknown> & { id: number };
