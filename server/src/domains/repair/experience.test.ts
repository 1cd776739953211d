import { describe, expect, it } from 'vitest';
import { searchTerms } from './experience.js';

describe('search terms of a text', () => {
  it('splits Chinese into overlapping character pairs and keeps Latin words whole', () => {
    expect(searchTerms('主轴异响')).toEqual(['主轴', '轴异', '异响']);
    expect(searchTerms('Pump leak, 油温')).toEqual(['pump', 'leak', '油温']);
    expect(searchTerms('')).toEqual([]);
  });
});
