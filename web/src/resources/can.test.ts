import { describe, expect, it } from 'vitest';
import { canOn, mayRun } from './can';
import type { EntityMeta, WorkflowAction } from './types';

const none = { view: false, add: false, edit: false, delete: false, import: false, export: false };
const all = { view: true, add: true, edit: true, delete: true, import: true, export: true };
const meta = (canBy: EntityMeta['canBy']) => ({ can: all, canBy }) as unknown as EntityMeta;
const action = (canBy: Record<string, boolean> | null) => ({ name: 'start', can: true, canBy }) as WorkflowAction;

describe('the buttons of a page of one kind', () => {
  const split = meta({ field: 'kind', values: { '1': all, '3': none } });

  it("follow that kind's codes on a page fixed to it, and any code elsewhere", () => {
    expect(canOn(split, { kind: 3 })).toEqual(none);
    expect(canOn(split, { kind: 1 })).toEqual(all);
    expect(canOn(split, {})).toEqual(all);
    expect(canOn(meta(null), { kind: 3 })).toEqual(all);
  });

  it("offer an action on a row only when a code of the row's kind allows it", () => {
    expect(mayRun(split, action({ '1': true, '3': false }), { id: 1, kind: 3 })).toBe(false);
    expect(mayRun(split, action({ '1': true, '3': false }), { id: 1, kind: 1 })).toBe(true);
    expect(mayRun(split, action(null), { id: 1, kind: 3 })).toBe(true);
    expect(mayRun(split, action({ '1': true }), null)).toBe(true);
  });
});
