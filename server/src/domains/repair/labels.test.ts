import { describe, expect, it } from 'vitest';
import { languages, t } from '../../platform/i18n/index.js';
import { declaredEntities } from '../../platform/resources/declared.js';
import { staticModel } from '../../platform/resources/model.js';
import { actionLabel } from '../../platform/workflow/labels.js';
import { repairEntity } from './resources.js';

const stateLabel = (lang: 'zh' | 'en' | 'tw', state: string) =>
  staticModel(repairEntity).byName.get('state')!.optionLabel(lang, state);

describe('repair order states and step answers read clearly (issue 45 item 3)', () => {
  it('names the taken and the signed-off order apart in English, each after the step that leads to it', () => {
    expect(stateLabel('en', 'accepted')).toBe('Taken');
    expect(stateLabel('en', 'finished')).toBe('Awaiting sign-off');
    expect(stateLabel('en', 'checked')).toBe('Signed off');
    // Each state a step leads to reads as that step done (Take → Taken, Sign off → Signed off), not a synonym of another.
    for (const [action, state] of [
      ['dispatch', 'dispatched'],
      ['accept', 'accepted'],
      ['pause', 'paused'],
      ['check', 'checked'],
      ['cancel', 'cancelled'],
    ] as const) {
      const verb = actionLabel(repairEntity, action, 'en').split(' ')[0]!.toLowerCase().replace(/e$/, '');
      expect(stateLabel('en', state).toLowerCase(), `${action} → ${state}`).toMatch(new RegExp(`^${verb}`));
    }
    for (const lang of languages) {
      const labels = staticModel(repairEntity).def.fields.find((f) => f.name === 'state')!.options!;
      const shown = labels.map((s) => stateLabel(lang, String(s)));
      expect(new Set(shown).size, lang).toBe(shown.length);
    }
  });

  it('answers every declared step as its outcome: 已完成, not 完成成功', async () => {
    expect(t('zh', 'workflow.done', { action: actionLabel(repairEntity, 'finish', 'zh') })).toBe('已完成');
    expect(t('tw', 'workflow.done', { action: actionLabel(repairEntity, 'check', 'tw') })).toBe('已驗收通過');
    expect(t('en', 'workflow.done', { action: actionLabel(repairEntity, 'finish', 'en') })).toBe('“Finish” done');
    const awkward: string[] = [];
    for (const def of await declaredEntities())
      for (const a of def.workflow?.actions ?? [])
        for (const lang of languages) {
          const label = actionLabel(def, a.name, lang);
          const msg = t(lang, a.done ?? 'workflow.done', { action: label });
          if (/成功$/.test(msg) || msg.includes('{') || msg.endsWith(`${label}: done`))
            awkward.push(`${lang} ${def.name}.${a.name}: ${msg}`);
        }
    expect(awkward).toEqual([]);
  });
});
