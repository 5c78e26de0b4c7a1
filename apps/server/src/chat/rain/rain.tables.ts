import type { ColumnType, Generated } from 'kysely';

export interface RainSettingsTable {
  id: Generated<boolean>;
  every_ms: number;
  join_window_ms: number;
  base_pot: number;
  min_level: number;
  min_wager: number;
  tip_min_level: number;
  tip_min: number;
  tip_max: number;
}

export interface RainsTable {
  id: Generated<number>;
  status: Generated<'open' | 'paid'>;
  base: number;
  carried: Generated<number>;
  tips: Generated<number>;
  opens_at: number;
  closes_at: number;
  paid_at: number | null;
  joiners: number | null;
  share: number | null;
  remainder: number | null;
}

export interface RainJoinsTable {
  rain_id: number;
  user_id: number;
  ip: string;
  suspicious: Generated<boolean>;
  created_at: number;
}

export interface KycVerifiedTable {
  user_id: number;
  verified_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
