import { useSearchParams } from 'react-router';

/**
 * The record a document page shows in its drawer, kept in the address (`?id=`) so a link, a notice or a reload
 * opens it again; opening and closing replace the history entry rather than adding one.
 */
export function useOpenRecord(): { openId: number | null; open: (id: number | null) => void } {
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('id')) || null;
  const open = (id: number | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set('id', String(id));
        else next.delete('id');
        return next;
      },
      { replace: true },
    );
  return { openId, open };
}
