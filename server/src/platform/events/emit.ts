import type { EntityDef, WireRow } from '../resources/types.js';
import type { TenantTx } from '../tenancy/tenant-tx.js';

/**
 * A business event inside the transaction that made it: a document's step (every workflow step that tells
 * people, workflow/notify.ts), or a named event a module raises itself (an alarm opened or cleared, a work order
 * done: `emitEvent(tx, { name: 'alarm.opened', def, row })`). Listeners (webhooks, e-mail) work in the same
 * transaction, so what they queue is kept only when the write commits and never for one rolled back.
 */
export interface BusinessEvent {
  /** A named event, or null for a document's step (the listener maps entity and action to its own names). */
  name: string | null;
  def: EntityDef;
  row: WireRow;
  /** The step's action (report, dispatch, approvalNext, belowMin, ...); for a named event, its name. */
  action: string;
  /** The messages the step wrote, one per person told, with who was told directly (not as a type member). */
  messages: readonly { id: number; userId: number; direct: boolean }[];
}

export type EventListener = (tx: TenantTx, event: BusinessEvent) => Promise<void>;

const listeners = new Map<string, EventListener>();

/** Registers a listener under a name (registering the same name again replaces it: one per process). */
export function onBusinessEvent(name: string, listener: EventListener): void {
  listeners.set(name, listener);
}

/** Hands the event to every listener in the caller's transaction. */
export async function emitEvent(
  tx: TenantTx,
  event: Pick<BusinessEvent, 'def' | 'row'> & Partial<BusinessEvent>,
): Promise<void> {
  const full: BusinessEvent = {
    name: event.name ?? null,
    def: event.def,
    row: event.row,
    action: event.action ?? event.name ?? '',
    messages: event.messages ?? [],
  };
  for (const listener of listeners.values()) await listener(tx, full);
}
