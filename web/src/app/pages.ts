import type { PageDef } from './page-types';
import { STANDALONE_PAGES } from './static-routes';

export type { PageDef } from './page-types';

const modules = import.meta.glob<{ pages?: PageDef[] }>('../domains/*/pages.ts', { eager: true });

/** Every page registered by a domain, in a stable order. */
export const registeredPages: PageDef[] = Object.keys(modules)
  .sort()
  .flatMap((file) => modules[file].pages ?? []);

const standalone = new Set(STANDALONE_PAGES.map((p) => p.path));

/** Registered pages shown inside the layout (every page that is not one of the standalone pages). */
export const layoutPages: PageDef[] = registeredPages.filter((p) => !standalone.has(p.path));

/** The registered page of a standalone path, if any. */
export const standalonePage = (path: string): PageDef | undefined => registeredPages.find((p) => p.path === path);
