import { describe, expect, it } from 'vitest';
import { errorLog, pushError } from './error-log';

describe('error log of unhandled UI errors (spec 8)', () => {
  it('keeps the error, the component, the info and the page address', () => {
    pushError(new TypeError('x is undefined'), 'in LedgerPage', 'render');
    expect(errorLog.get().at(-1)).toMatchObject({
      error: 'TypeError: x is undefined',
      component: 'in LedgerPage',
      info: 'render',
      url: '',
    });
  });

  it('keeps at most the last 100 entries', () => {
    for (let i = 0; i < 150; i++) pushError(`e${i}`);
    expect(errorLog.get()).toHaveLength(100);
    expect(errorLog.get().at(-1)?.error).toBe('e149');
  });
});
