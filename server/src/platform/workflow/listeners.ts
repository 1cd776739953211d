import type { WireRow } from '../resources/types.js';
import type { StepContext } from './types.js';

/**
 * Work that follows any document's step, wherever it is declared (a points ledger written as the work happens):
 * a listener sees the step, the record after it and the state it left, in the step's transaction, after the
 * action's own side effects. It must not change the record itself.
 */
export type StepListener = (step: StepContext, after: WireRow, from: string) => Promise<void>;

const listeners: StepListener[] = [];

export function onWorkflowStep(listener: StepListener): void {
  if (!listeners.includes(listener)) listeners.push(listener);
}

export async function stepDone(step: StepContext, after: WireRow, from: string): Promise<void> {
  for (const l of listeners) await l(step, after, from);
}
