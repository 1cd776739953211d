import type { Lang } from '../i18n/index.js';
import type { ReadContext } from '../resources/read.js';
import type { FieldDef, FieldIssue, WireRow } from '../resources/types.js';
import type { TenantTx } from '../tenancy/tenant-tx.js';

/**
 * The life of a document, declared beside its fields (EntityDef.workflow). From it come the action routes
 * (POST <prefix>/<action> { id, ...fields }), their OpenAPI entries, the translated refusals, the buttons per
 * state and permission on the web (metadata), and a timeline entry per step (record_steps).
 * Labels: `<ns>.<entity>.actions.<action>` and the state field's option labels.
 */
export interface WorkflowDef {
  /** The enum field that holds the state (readOnly: only actions move it). */
  readonly stateField: string;
  readonly actions: readonly ActionDef[];
  /** The approval business type (act_flows.business_type) whose enabled flow gates `approval` actions. */
  readonly approvalType?: string;
  /** The business type per document, when it differs by record (a stock document's type); else approvalType. */
  approvalTypeOf?(row: WireRow): string;
  /** The message type (msgtype code) of its notifications; its members always hear. Default: the entity name. */
  readonly messageType?: string;
  /** The web page of a document (the link of its messages). */
  link?(row: WireRow): string;
  /**
   * Also POST <prefix>/updatestatus { id, status, ...inputs }: runs the declared action that leads from the
   * document's state to that status (spec maintaintask/updatestatus), with all of its checks.
   */
  readonly statusCall?: boolean;
}

export interface ActionDef {
  /** The route segment and label key (`<labels>.actions.<name>`). */
  readonly name: string;
  readonly from: readonly string[];
  /** The state after the action (when an approval starts, the state while it runs is `approval.pending`). */
  readonly to: string;
  /** Permission codes, any one enough (button ext4 codes seeded in the menu tree). */
  readonly permission: string | readonly string[];
  /** Input of the action (validated like entity fields; required ones must be given). */
  readonly fields?: readonly FieldDef[];
  /** A comment is required (a refusal, a rejection). */
  readonly commentRequired?: boolean;
  /** Columns stamped with the time and the acting user (wire names of readOnly fields of the entity). */
  readonly stamp?: { readonly at?: string; readonly by?: string };
  /** Extra checks; return issues (field named) or throw a business error. */
  guard?(step: StepContext): Promise<FieldIssue[] | undefined> | FieldIssue[] | undefined;
  /** More values to write with the state (wire names; readOnly fields allowed). */
  apply?(step: StepContext): Promise<WireRow> | WireRow;
  /** Side effects after the record is written (same transaction): other entities through their services. */
  after?(step: StepContext, after: WireRow): Promise<void>;
  /** Who hears about the step (messages, bell, push). */
  notify?(step: StepContext, after: WireRow): Promise<readonly number[]> | readonly number[];
  /**
   * With an enabled flow of the workflow's approval type, the step (done as usual) starts an approval:
   * approving its last node runs the `completes` action as the system; a rejection or a recall returns the
   * document to the state the step left. Meanwhile `completes` cannot be run by hand.
   */
  readonly approval?: {
    readonly completes: string;
    /**
     * Side effects when a rejection or a recall has returned the document to the state the step left (same
     * transaction, other entities through their services): what the step's own `after` did is undone here.
     */
    returned?(tx: TenantTx, lang: Lang, row: WireRow): Promise<void>;
  };
  /** The message key of the answer (default workflow.done, "<action> done"). */
  readonly done?: string;
  /** Danger styling and a confirmation on the web. */
  readonly danger?: boolean;
  /**
   * The message key of the web's question before the step, when it should say what the step will do (closing a
   * stocktake marks what was not scanned as missing); the web asks it before running the step.
   */
  readonly confirm?: string;
  /** Not offered as a button (run by the system, e.g. the approval outcome). */
  readonly internal?: boolean;
}

/** What an action's hooks see. */
export interface StepContext {
  readonly tx: TenantTx;
  readonly ctx: ReadContext;
  readonly action: ActionDef;
  readonly lang: Lang;
  /** The record before the step (wire form). */
  readonly row: WireRow;
  /** The action's input values, coerced (wire names), and the comment. */
  readonly input: WireRow;
  readonly comment: string | null;
}
