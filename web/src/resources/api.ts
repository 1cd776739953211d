import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { buildUrl, type Envelope, http } from '../platform/http/client';
import { getToken } from '../platform/session/storage';
import type { RefOption } from './ref-tree';
import type { EntityMeta, Row } from './types';

export type Query = Record<string, string | number | boolean | null | undefined>;

/** How many choices a reference select loads at a time (the user narrows them by typing). */
export const REF_OPTIONS_LIMIT = 200;

export const metaUrl = (entity: string) => `/api-manage/meta/${entity}`;

/** The entity's metadata in the current language (labels, options and custom fields come from the server). */
export function useEntityMeta(entity: string) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['resource-meta', entity, i18n.language],
    queryFn: async () => (await http.get<Envelope<EntityMeta>>(metaUrl(entity))).data,
    staleTime: 60_000,
  });
}

/** How many choices of a reference to a tree load at once (the whole tree, searched in the browser). */
export const REF_TREE_LIMIT = 2000;

type Choice = { value: number; label: string; code?: string | null; parent?: number | null };

/** A choice's name with its code, unless the name is the code (a task or document named by its number). */
const choiceLabel = (r: Choice) => (r.code && r.code !== r.label ? `${r.label} (${r.code})` : r.label);

/**
 * Choices of a reference field (id, label, code, and parent for a tree), searchable; `within` narrows a
 * dependent ref to a parent value; `limit` defaults to REF_OPTIONS_LIMIT.
 */
export function useRefOptions(
  url: string | undefined,
  keyword: string,
  within?: string | number | null,
  limit = REF_OPTIONS_LIMIT,
) {
  return useQuery({
    queryKey: ['resource-options', url, keyword, within ?? null, limit],
    queryFn: async () => {
      const rows = (await http.get<Envelope<Choice[]>>(url!, { keyword, limit, within: within ?? undefined })).data;
      return rows.map(
        (r): RefOption => ({
          value: r.value,
          label: choiceLabel(r),
          ...(r.parent !== undefined ? { parent: r.parent } : {}),
        }),
      );
    },
    enabled: !!url,
    staleTime: 30_000,
  });
}

/**
 * The choices for values a list of options does not hold (a form's current value beyond the first page of
 * choices), so the select shows the value's name, not its id.
 */
export function useRefLabels(url: string | undefined, values: number[], loaded: RefOption[] | undefined) {
  const missing = loaded ? values.filter((v) => !loaded.some((o) => o.value === v)) : [];
  return useQuery({
    queryKey: ['resource-options', url, 'ids', missing.join(',')],
    queryFn: async () => {
      const rows = (await http.get<Envelope<Choice[]>>(url!, { ids: missing.join(',') })).data;
      return rows.map((r): RefOption => ({ value: r.value, label: choiceLabel(r) }));
    },
    enabled: !!url && missing.length > 0,
    staleTime: 300_000,
  });
}

export const fetchPage = (meta: EntityMeta, query: Query) => http.get<Envelope<Row[]>>(meta.paths.page!, query);

export const fetchOne = async (meta: EntityMeta, id: number) =>
  (await http.get<Envelope<Row>>(meta.paths.get!, { id })).data;

export const saveRow = async (meta: EntityMeta, body: Record<string, unknown>) =>
  (await http.post<Envelope<Row>>(body.id ? (meta.paths.update ?? meta.paths.save!) : meta.paths.save!, body)).data;

export const deleteRows = (meta: EntityMeta, ids: number[]) =>
  http.post<Envelope<{ deleted: number }>>(meta.paths.del!, { ids });

/** Queues an export of the rows matching the filters; the answer's message says where to find it. */
export const exportRows = (meta: EntityMeta, query: Query) =>
  http.post<Envelope<{ id: number }>>(meta.paths.exportexcel!, {}, { params: query });

export async function importFile(meta: EntityMeta, file: File): Promise<Envelope<{ count: number }>> {
  const form = new FormData();
  form.append('file', file);
  return http.post<Envelope<{ count: number }>>(meta.paths.importexcel!, form, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
}

/** The import template link (a plain link cannot send headers: token and language go in the query). */
export const templateHref = (meta: EntityMeta, lang: string) =>
  buildUrl(meta.templateUrl!, { access_token: getToken(), lang });
