import { describe, expect, it } from 'vitest';
import { meterCodeOf } from './api';

describe('a scanned meter label', () => {
  it("reads the meter's code from its label's link, or takes a typed code as it is", () => {
    expect(meterCodeOf('https://eam.example.com/energy/read?code=E-W1')).toBe('E-W1');
    expect(meterCodeOf('/energy/read?code=E%2F01')).toBe('E/01');
    expect(meterCodeOf('  E-000 ')).toBe('E-000');
    expect(meterCodeOf('   ')).toBeNull();
  });
});
