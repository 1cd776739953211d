import { type Lang, t } from '../../platform/i18n/index.js';

/**
 * What a check task found abnormal, as stored on the repair order it raised (repair_orders.findings): the facts,
 * not a sentence, so each reader sees the order's phenomenon in their own language.
 */
export interface Findings {
  /** The task's code and kind (1 patrol, 2 spot check, 3 maintenance). */
  taskCode: string;
  kind: number;
  items: { name: string; answerType: string; answer: string | null; unit: string | null }[];
}

/** The repair order's source for a task of each kind: a patrol's finding is not a spot check's. */
export const SOURCE_OF_KIND: Readonly<Record<number, string>> = { 1: 'patrol', 2: 'check', 3: 'maintain' };

/** An answer as a person reads it: pass or fail in their language, a reading with its unit, a choice as given. */
export function answerText(item: Omit<Findings['items'][number], 'name'>, lang: Lang): string {
  const answer = item.answer ?? '';
  const text =
    item.answerType === 'passfail' && (answer === 'pass' || answer === 'fail')
      ? t(lang, `check.messages.answers.${answer}`)
      : answer;
  return item.unit && item.answerType === 'number' ? `${text} ${item.unit}` : text;
}

/** The phenomenon of an order raised by a check task, in the reader's language. */
export function findingsText(f: Findings, lang: Lang): string {
  const kind = t(lang, `check.checktask.options.kind.${f.kind}`);
  const items = f.items.map((i) => `${i.name}: ${answerText(i, lang)}`).join('; ');
  return t(lang, 'check.messages.phenomenon', { kind, code: f.taskCode, items });
}

/** Stored findings as read back (a jsonb value), or null for an order a check did not raise. */
export function asFindings(v: unknown): Findings | null {
  if (!v || typeof v !== 'object') return null;
  const f = v as Partial<Findings>;
  return typeof f.taskCode === 'string' && Array.isArray(f.items) ? (f as Findings) : null;
}

/** A repair order's phenomenon in the reader's language: from its findings when a check raised it, else as written. */
export function phenomenonIn(order: { phenomenon?: unknown; findings?: unknown }, lang: Lang): string {
  const f = asFindings(order.findings);
  return f ? findingsText(f, lang) : String(order.phenomenon ?? '');
}
