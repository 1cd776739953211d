/** The item of a task as the judge sees it (snapshot of the check project). */
export interface Item {
  answerType: string;
  lowerLimit?: unknown;
  upperLimit?: unknown;
  choices?: unknown;
  abnormalChoices?: unknown;
  photoRequired?: unknown;
}

export interface Answer {
  answer: string | null;
  photos: number;
}

/** The outcome: a refusal (message key under check.errors) or a judged answer. */
export type Judgement =
  | { error: string; params?: Record<string, unknown> }
  | { abnormal: boolean; answer: string | null; answerNumber: string | null };

/** A decimal as written by people: optional sign, digits, optional fraction (no exponent, no float). */
const DECIMAL = /^[-+]?\d{1,10}(\.\d{1,4})?$/;

export const splitChoices = (v: unknown): string[] =>
  String(v ?? '')
    .split(/[,，;；|]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** Compares two decimals exactly (scaled to 4 places as bigints). */
function scaled(v: string): bigint {
  const [int, frac = ''] = v.replace('+', '').split('.');
  const neg = int!.startsWith('-');
  const n = BigInt(int!.replace('-', '') || '0') * 10_000n + BigInt(`${frac}0000`.slice(0, 4));
  return neg ? -n : n;
}

const limit = (v: unknown): bigint | null => (v === null || v === undefined || v === '' ? null : scaled(String(v)));

/**
 * Judges one answer at once: a number outside its limits, a "fail" and an abnormal choice are abnormal;
 * a text is never abnormal; a photo item (or one that asks for a photo) needs one.
 */
export function judge(item: Item, a: Answer): Judgement {
  const raw = a.answer === null || a.answer === undefined ? '' : String(a.answer).trim();
  const needsPhoto = item.answerType === 'photo' || item.photoRequired === true;
  if (needsPhoto && a.photos === 0) return { error: 'photoRequired' };
  switch (item.answerType) {
    case 'number': {
      if (!DECIMAL.test(raw)) return { error: 'notNumber', params: { value: raw } };
      const n = scaled(raw);
      const lo = limit(item.lowerLimit);
      const hi = limit(item.upperLimit);
      return { abnormal: (lo !== null && n < lo) || (hi !== null && n > hi), answer: raw, answerNumber: raw };
    }
    case 'passfail':
      if (raw !== 'pass' && raw !== 'fail') return { error: 'passOrFail' };
      return { abnormal: raw === 'fail', answer: raw, answerNumber: null };
    case 'choice': {
      const choices = splitChoices(item.choices);
      if (!choices.includes(raw)) return { error: 'notAChoice', params: { value: raw, choices: choices.join(' / ') } };
      return { abnormal: splitChoices(item.abnormalChoices).includes(raw), answer: raw, answerNumber: null };
    }
    case 'text':
      if (!raw) return { error: 'answerRequired' };
      return { abnormal: false, answer: raw, answerNumber: null };
    default:
      return { abnormal: false, answer: raw || null, answerNumber: null };
  }
}
