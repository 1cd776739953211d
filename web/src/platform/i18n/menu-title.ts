import type { Lang } from '../preferences';

/** Translation key of a menu title: the menu id with dashes removed (spec 1). */
export const menuTitleKey = (id: string): string => id.replace(/-/g, '');

/**
 * A menu's title in a language: in zh the menu name as given; otherwise the translation keyed by the menu id
 * without dashes, falling back to the name when there is none.
 */
export function menuTitle(
  menu: { title: string; id?: string },
  lang: Lang,
  translate: (key: string) => string | undefined,
): string {
  if (lang === 'zh' || !menu.id) return menu.title;
  return translate(menuTitleKey(menu.id)) || menu.title;
}
