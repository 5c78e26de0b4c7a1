import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface ChatSettingsTable {
  id: Generated<boolean>;
  slow_mode_ms: number;
  duplicate_window_ms: number;
  min_level: number;
  tip_min_level: number;
  tip_min: number;
  tip_max: number;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  user_id: number;
  content: string;
  created_at: Timestamp;
  deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  deleted_by: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ChatSendersTable {
  user_id: number;
  last_at: Generated<number>;
}

export interface ChatMutesTable {
  user_id: number;
  until: Timestamp;
  muted_by: number | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}
