import { describe, expect, it } from 'vitest';
import { hasKey, languages } from '../../platform/i18n/index.js';
import { declaredEntities } from '../../platform/resources/declared.js';
import { EVENTS, eventNamesOf, STEP_SOURCES } from './events.js';

// The webhook events found by entity and action: a renamed entity or action would silently stop the deliveries.
describe('the webhook events', () => {
  it('name entities and actions that exist, and have a name in every language', async () => {
    const entities = new Map((await declaredEntities()).map((d) => [d.name, d]));
    // Steps told without a declared action: a report (repair/report.ts), a stock alert (spare/posting.ts), an approval,
    // an alarm opened (das/alarms.ts).
    const told = new Set(['report', 'belowMin', 'approvalNext', 'open']);
    for (const s of STEP_SOURCES) {
      if (s.entity === '*') continue;
      const def = entities.get(s.entity);
      expect(def, s.entity).toBeDefined();
      const actions = new Set((def!.workflow?.actions ?? []).map((a) => a.name));
      expect(actions.has(s.action) || told.has(s.action), `${s.entity}.${s.action}`).toBe(true);
    }
    for (const e of EVENTS)
      for (const lang of languages) expect(hasKey(`integrations.webhooks.event.${e}`, lang), `${lang} ${e}`).toBe(true);
  });
});

describe('a business event', () => {
  it('maps to the webhook events it stands for', async () => {
    const defs = new Map((await declaredEntities()).map((d) => [d.name, d]));
    const ev = (entity: string, action: string, row: Record<string, unknown> = { id: 1 }, name: string | null = null) =>
      eventNamesOf({ name, def: defs.get(entity)!, row, action, messages: [] });
    expect(ev('maintaintask', 'report')).toEqual(['repair.reported']);
    expect(ev('maintaintask', 'dispatch')).toEqual(['repair.dispatched']);
    expect(ev('maintaintask', 'check')).toEqual(['repair.closed']);
    expect(ev('maintaintask', 'accept')).toEqual([]);
    expect(ev('checktask', 'finish', { id: 1, abnormalCount: 2 })).toEqual(['check.abnormal']);
    expect(ev('checktask', 'finish', { id: 1, abnormalCount: 0 })).toEqual([]);
    expect(ev('sparestock', 'belowMin')).toEqual(['stock.belowMin']);
    expect(ev('eqscrap', 'approvalNext')).toEqual(['approval.waiting']);
    expect(ev('maintaintask', 'alarm.opened', { id: 1 }, 'alarm.opened')).toEqual(['alarm.opened']);
    expect(ev('alarm', 'open')).toEqual(['alarm.opened']);
    expect(ev('alarm', 'clear')).toEqual(['alarm.cleared']);
    expect(ev('alarm', 'acknowledge')).toEqual([]);
    expect(ev('workorder', 'finish')).toEqual(['workorder.done']);
    expect(ev('workorder', 'close')).toEqual([]);
    expect(ev('maintaintask', 'whatever', { id: 1 }, 'not.an.event')).toEqual([]);
  });
});
