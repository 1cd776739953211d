import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DEFAULT_LIMIT } from '../../platform/pagination/paging';
import type { Paged } from './api';

/** A paged list whose filters and page live in state; the server pages and filters. */
export function usePaged<T, F extends object>(
  key: string,
  fetch: (q: F & { page: number; limit: number }) => Promise<Paged<T>>,
  initial: F,
) {
  const [filters, setFilters] = useState<F>(initial);
  const [paging, setPaging] = useState({ page: 1, limit: DEFAULT_LIMIT });
  const query = useQuery({
    queryKey: [key, filters, paging],
    queryFn: () => fetch({ ...filters, ...paging }),
  });
  return {
    rows: query.data?.rows ?? [],
    total: query.data?.total ?? 0,
    loading: query.isFetching,
    refetch: query.refetch,
    paging,
    setPaging,
    search: (f: F) => {
      setFilters(f);
      setPaging((p) => ({ ...p, page: 1 }));
    },
  };
}
