import { describe, expect, it } from 'vitest';
import { readScan } from './scan-code';

describe('reading a scan on /maintain/byScan', () => {
  it("takes a machine label's QR link to the machine's record card as that machine", () => {
    expect(readScan('https://eam.example.com/equipment/ledger/detail/42')).toEqual({ id: 42 });
    expect(readScan(' http://127.0.0.1:3000/equipment/ledger/detail/7?from=qr \n')).toEqual({ id: 7 });
    expect(readScan('/equipment/ledger/detail/9')).toEqual({ id: 9 });
  });

  it("takes anything else as the machine's code, trimmed; blank is nothing", () => {
    expect(readScan(' EQ-CK-001 ')).toEqual({ code: 'EQ-CK-001' });
    expect(readScan('equipment/ledger/detail/5')).toEqual({ code: 'equipment/ledger/detail/5' });
    expect(readScan('https://eam.example.com/equipment/ledger/detail/5x')).toEqual({
      code: 'https://eam.example.com/equipment/ledger/detail/5x',
    });
    expect(readScan('   ')).toBeNull();
  });
});
