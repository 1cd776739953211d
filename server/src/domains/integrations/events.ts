import type { BusinessEvent } from '../../platform/events/emit.js';

/**
 * The events a webhook may subscribe to. Most are documents' steps, found by entity and action where the
 * workflow tells people (platform/events); so are the alarm's opening (told by the alarm job)
 * and clearing and a work order's finish; a module may also raise a named event itself with
 * emitEvent(tx, { name, def, row }).
 */
export const EVENTS = [
  'repair.reported',
  'repair.dispatched',
  'repair.closed',
  'check.abnormal',
  'alarm.opened',
  'alarm.cleared',
  'stock.belowMin',
  'workorder.done',
  'approval.waiting',
] as const;
export type EventName = (typeof EVENTS)[number];

/** The delivery a test send makes (not subscribable). */
export const PING = 'ping';

interface StepSource {
  event: EventName;
  /** Entity name, or '*' for any document. */
  entity: string;
  action: string;
  when?: (e: BusinessEvent) => boolean;
}

export const STEP_SOURCES: readonly StepSource[] = [
  { event: 'repair.reported', entity: 'maintaintask', action: 'report' },
  { event: 'repair.dispatched', entity: 'maintaintask', action: 'dispatch' },
  { event: 'repair.closed', entity: 'maintaintask', action: 'check' },
  { event: 'check.abnormal', entity: 'checktask', action: 'finish', when: (e) => Number(e.row.abnormalCount) > 0 },
  { event: 'stock.belowMin', entity: 'sparestock', action: 'belowMin' },
  { event: 'approval.waiting', entity: '*', action: 'approvalNext' },
  // The alarm job tells the machine's work group as it opens an alarm (das/alarms.ts) and clears it by its step.
  { event: 'alarm.opened', entity: 'alarm', action: 'open' },
  { event: 'alarm.cleared', entity: 'alarm', action: 'clear' },
  { event: 'workorder.done', entity: 'workorder', action: 'finish' },
];

/** The subscribable events a business event stands for (none for most steps). */
export function eventNamesOf(e: BusinessEvent): EventName[] {
  if (e.name) return (EVENTS as readonly string[]).includes(e.name) ? [e.name as EventName] : [];
  return STEP_SOURCES.filter(
    (s) => (s.entity === '*' || s.entity === e.def.name) && s.action === e.action && (s.when?.(e) ?? true),
  ).map((s) => s.event);
}

export const isEventName = (v: string): v is EventName => (EVENTS as readonly string[]).includes(v);
