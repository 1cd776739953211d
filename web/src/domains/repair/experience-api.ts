import { useQuery } from '@tanstack/react-query';
import { type Envelope, http } from '../../platform/http/client';

export const EXPERIENCE = 'experiencesBase';
export const experiencePath = (id: number) => `/experInfo/index?id=${id}`;

/** One ranked hit of the experience search (or of an order's suggestions). */
export interface ExperienceHit {
  id: number;
  title: string;
  phenomenon: string | null;
  cause: string | null;
  remedy: string | null;
  score: number;
}

export function useExperienceSearch(q: string) {
  return useQuery({
    queryKey: ['resource-page', EXPERIENCE, 'search', q],
    queryFn: async () =>
      (await http.get<Envelope<ExperienceHit[]>>('/api-user/experiencesBase/search', { q, limit: 20 })).data,
    enabled: q.trim().length > 0,
  });
}

export const suggestionsKey = (orderId: number) => ['resource-row', 'maintaintask', orderId, 'suggest'];

/** Past experience closest to an order (up to 5). */
export function useSuggestions(orderId: number) {
  return useQuery({
    queryKey: suggestionsKey(orderId),
    queryFn: async () =>
      (await http.get<Envelope<ExperienceHit[]>>('/api-manage/maintaintask/suggest', { id: orderId })).data,
  });
}

export const keepAsExperience = async (id: number) =>
  (await http.post<Envelope<{ id: number }>>('/api-manage/maintaintask/toExperience', { id })).msg ?? '';
