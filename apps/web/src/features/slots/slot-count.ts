import type { SlotListView } from '@coinsite/shared/schemas/slots';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';

/**
 * How many slots a player can open: the `total` of GET /api/slots (the enabled games), the number
 * /slots shows. The menus and the home tile say the same (issue 28 item 13: they said 353, the
 * catalogue with its disabled games, while /slots said 347). null until known.
 */
export function useSlotCount(): number | null {
  const query = useQuery({
    queryKey: ['slot-count'],
    queryFn: () => http.get<SlotListView>('/slots?offset=0&limit=1'),
    staleTime: 5 * 60_000,
  });
  return query.data?.total ?? null;
}
