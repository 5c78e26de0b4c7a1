import { z } from 'zod';

/** Client → server payloads common to every namespace. */
export const authPayload = z.string().min(1).max(200);

/** Server → client account events. */
export interface AccountServerEvents {
  'update-wallet': (amount: number) => void;
  'wallet-balance': (payload: { balance: number }) => void;
  'notify-error': (message: string) => void;
  'notify-success': (message: string) => void;
  'notify-info': (message: string) => void;
  connection_kicked: () => void;
  'user banned': () => void;
}
