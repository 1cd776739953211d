import { useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Envelope, http } from '../../platform/http/client';
import { metaUrl } from '../../resources/api';
import type { EntityMeta } from '../../resources/types';
import type { PrintKind, PrintTemplateWire } from './types';

export const ENTITY = 'printtemplate';
export const PERMISSIONS = {
  view: 'setUp:labelmodel:view',
  add: 'setUp:labelmodel:add',
  edit: 'setUp:labelmodel:edit',
  delete: 'setUp:labelmodel:delete',
} as const;

export const templatesKey = (kind: PrintKind) => ['print-templates', kind] as const;

/** The tenant's templates of a kind, its default first (anyone signed in may read them). */
export function useKindTemplates(kind: PrintKind) {
  return useQuery({
    queryKey: templatesKey(kind),
    queryFn: async () =>
      (await http.get<Envelope<PrintTemplateWire[]>>('/api-manage/printTemplates/forKind', { kind })).data,
    staleTime: 30_000,
  });
}

/**
 * The metadata of several entities (a record's and its lists'), under the keys useEntityMeta keeps them; one the
 * caller may not read comes back undefined (values then print as stored, labels empty).
 */
export function useMetas(entities: readonly string[]) {
  const { i18n } = useTranslation();
  const results = useQueries({
    queries: entities.map((entity) => ({
      queryKey: ['resource-meta', entity, i18n.language],
      queryFn: async () => (await http.get<Envelope<EntityMeta>>(metaUrl(entity))).data,
      staleTime: 60_000,
      retry: false,
    })),
  });
  return { metas: results.map((r) => r.data), settled: results.every((r) => !r.isPending) };
}
