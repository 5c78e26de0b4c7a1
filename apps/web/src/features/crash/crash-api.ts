import type { CrashBet, CrashState } from '@coinsite/shared/schemas/crash';
import { http } from '../../lib/http.ts';

export const fetchCrash = () => http.get<CrashState>('/crash');
export const fetchMyCrashBet = () => http.get<{ bet: CrashBet | null }>('/crash/me');
