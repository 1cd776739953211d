import type { TFunction } from 'i18next';
import type { ApiData } from '../../api/types';
import type { RefOption } from '../../resources/ref-tree';

/** A first choice to dispatch an order to (GET maintaintask/assignees; member: of the order's work group). */
export type Assignee = ApiData<'/api-manage/maintaintask/assignees'>[number];

interface OptionGroup {
  label: string;
  options: { value: number | string; label: string }[];
}

/**
 * The assignee select's groups: the order's work group (its leader first, marked), the others on shift now, then
 * everyone the field offers; each person once, in the first group that has them; the keyword narrows the first two
 * (the server narrows everyone).
 */
export function assigneeOptions(
  first: readonly Assignee[],
  everyone: readonly RefOption[],
  keyword: string,
  t: TFunction,
): OptionGroup[] {
  const word = keyword.trim().toLowerCase();
  const shown = first.filter((a) => !word || a.name.toLowerCase().includes(word));
  const members = shown.filter((a) => a.member);
  const onDuty = shown.filter((a) => !a.member);
  const listed = new Set(shown.map((a) => a.id));
  const groupName = members[0]?.workgroupName;
  const groups: OptionGroup[] = [];
  if (members.length)
    groups.push({
      label: groupName ? t('dispatch.group', { name: groupName }) : t('dispatch.groupUnnamed'),
      options: members.map((a) => ({
        value: a.id,
        label: [a.name, a.leader ? t('dispatch.leader') : null, a.shiftName].filter(Boolean).join(' · '),
      })),
    });
  if (onDuty.length)
    groups.push({
      label: t('dispatch.onDuty'),
      options: onDuty.map((a) => ({
        value: a.id,
        label: [a.name, a.shiftName, a.workgroupName].filter(Boolean).join(' · '),
      })),
    });
  groups.push({ label: t('dispatch.everyone'), options: everyone.filter((o) => !listed.has(Number(o.value))) });
  return groups;
}
