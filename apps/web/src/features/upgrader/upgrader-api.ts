import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';

/** GET /api/upgrader/items: the catalogue, priced in coins. */
export interface UpgraderItem {
  id: string;
  name: string;
  price: number;
  color: string;
  /** '' when the client draws the item itself (item-art.tsx). */
  image: string;
}

export function useUpgraderItems() {
  return useQuery({
    queryKey: ['upgrader', 'items'],
    queryFn: () => http.get<UpgraderItem[]>('/upgrader/items'),
    staleTime: 60_000,
  });
}
