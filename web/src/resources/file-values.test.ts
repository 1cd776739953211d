import { describe, expect, it } from 'vitest';
import { entryName, entrySrc, fileEntries } from './file-values';

describe('file values of image and attachment fields', () => {
  it('reads arrays, JSON text and old texts', () => {
    const item = { id: 3, name: 'a.png', url: '/api-file/files/3' };
    const old = { name: 'manual.pdf', url: 'demo/manual.pdf' };
    expect(fileEntries([item, 'old/b.png', old, 5, null])).toEqual([item, 'old/b.png', old]);
    expect(entryName(old)).toBe('manual.pdf');
    expect(entryName({ url: 'https://cdn.example/x/y.png?s=1' })).toBe('y.png');
    expect(fileEntries(JSON.stringify([item]))).toEqual([item]);
    expect(fileEntries('old/c.png')).toEqual(['old/c.png']);
    expect(fileEntries(null)).toEqual([]);
    expect(entryName('old/b.png')).toBe('b.png');
  });

  it('puts the token in the query of an upload only, never of an outside address', () => {
    expect(entrySrc({ id: 3, name: 'a.png', url: '/api-file/files/3' }, 'tok en', 'http://h')).toBe(
      'http://h/api-file/files/3?access_token=tok%20en',
    );
    expect(entrySrc({ id: 4, name: 'b.pdf' }, null)).toBe('/api-file/files/4');
    expect(entrySrc({ id: 5, name: 'c', url: 'https://evil.example/x' }, 'tok')).toBeUndefined();
    expect(entrySrc('https://cdn.example/a.png', 'tok')).toBe('https://cdn.example/a.png');
    expect(entrySrc('old/a.png', 'tok')).toBeUndefined();
    expect(entrySrc({ name: 'm.pdf', url: 'https://cdn.example/m.pdf' }, 'tok')).toBe('https://cdn.example/m.pdf');
  });
});
