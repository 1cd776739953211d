import { describe, expect, it } from 'vitest';
import { formCodeOf } from './form-code';

describe('formCodeOf', () => {
  it('reads the menu query: a bare code or formCode=', () => {
    expect(formCodeOf('visit', '/showform/visit')).toBe('visit');
    expect(formCodeOf('?formCode=visit_2', null)).toBe('visit_2');
  });

  it('falls back to ?formCode= of the page address', () => {
    expect(formCodeOf(undefined, '/showform/index?formCode=survey')).toBe('survey');
    expect(formCodeOf('', '/showform/index?x=1&formCode=survey')).toBe('survey');
  });

  it('gives null for nothing or something that is not a form code', () => {
    expect(formCodeOf(undefined, '/showform/index')).toBeNull();
    expect(formCodeOf('../etc', null)).toBeNull();
    expect(formCodeOf('a=b', null)).toBeNull();
  });
});
