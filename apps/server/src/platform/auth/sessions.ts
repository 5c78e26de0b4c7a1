import { LOGIN_CODE_TTL_MS, RESET_CODE_TTL_MS, SESSION_TTL_MS } from '@coinsite/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../db-types.ts';
import type { SocketUser } from '../realtime.ts';
import { hashToken, newResetCode, newToken } from './tokens.ts';

export interface SessionUser extends SocketUser {}

/** Where a session was made: shown in the sessions list. */
export interface SessionDevice {
  userAgent: string;
  ip: string;
}

const LAST_SEEN_EVERY_MS = 60_000;

/** Sessions and one-time codes: stored hashed, expiring, revocable. */
export class Sessions {
  constructor(private readonly db: Kysely<DB>) {}

  async create(userId: number, device: SessionDevice = { userAgent: '', ip: '' }): Promise<string> {
    const token = newToken();
    await this.db
      .insertInto('sessions')
      .values({
        user_id: userId,
        token_hash: hashToken(token),
        expires_at: new Date(Date.now() + SESSION_TTL_MS),
        user_agent: device.userAgent.slice(0, 300),
        ip: device.ip.slice(0, 64),
      })
      .execute();
    return token;
  }

  /** The live sessions of a user, newest activity first (issue 16: the sessions list). */
  async list(userId: number) {
    return this.db
      .selectFrom('sessions')
      .select(['id', 'user_agent', 'ip', 'created_at', 'last_seen_at'])
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', new Date())
      .orderBy('last_seen_at', 'desc')
      .limit(100)
      .execute();
  }

  /** Revokes one session of a user by id; returns whether it was live. */
  async revokeById(userId: number, sessionId: number): Promise<boolean> {
    const res = await this.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('id', '=', sessionId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return res.numUpdatedRows > 0n;
  }

  /** Revokes every live session of a user but one; returns their ids (to kick their sockets). */
  async revokeOthers(userId: number, keepSessionId: number): Promise<number[]> {
    const rows = await this.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', userId)
      .where('id', '<>', keepSessionId)
      .where('revoked_at', 'is', null)
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  /** Whether a user signed in from this device (user agent; null: any) before: the new-device mail. */
  async knownDevice(userId: number, userAgent: string | null): Promise<boolean> {
    let q = this.db.selectFrom('sessions').select('id').where('user_id', '=', userId);
    if (userAgent !== null) q = q.where('user_agent', '=', userAgent.slice(0, 300));
    const row = await q.limit(1).executeTakeFirst();
    return row !== undefined;
  }

  async resolve(token: string): Promise<SessionUser | null> {
    if (!/^[0-9a-f]{64}$/.test(token)) return null;
    const row = await this.db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.id as sessionId', 's.last_seen_at', 'u.id', 'u.username', 'u.avatar', 'u.rank', 'u.banned'])
      .where('s.token_hash', '=', hashToken(token))
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', new Date())
      .executeTakeFirst();
    if (!row) return null;
    const { last_seen_at, ...user } = row;
    // "last seen" to the minute or so: one write per session per LAST_SEEN_EVERY_MS, not per request
    if (Date.now() - last_seen_at.getTime() > LAST_SEEN_EVERY_MS)
      void this.db
        .updateTable('sessions')
        .set({ last_seen_at: new Date() })
        .where('id', '=', row.sessionId)
        .execute()
        .catch(() => undefined);
    return user;
  }

  /** Revokes one session by its token; returns its id when it was live. */
  async revoke(token: string): Promise<number | null> {
    const row = await this.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('token_hash', '=', hashToken(token))
      .where('revoked_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** Revokes every live session of a user; returns their ids (to kick their sockets). */
  async revokeAll(userId: number): Promise<number[]> {
    const rows = await this.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  /** The one-time code put in the login redirect: single use, 60 s (a mailed sign-up link: longer). */
  async createLoginCode(userId: number, ttlMs = LOGIN_CODE_TTL_MS, secondFactor = false): Promise<string> {
    const code = newToken();
    await this.db
      .insertInto('one_time_codes')
      .values({
        code_hash: hashToken(code),
        purpose: 'login',
        user_id: userId,
        expires_at: new Date(Date.now() + ttlMs),
        second_factor: secondFactor,
      })
      .execute();
    return code;
  }

  /** A live sign-in code's account and whether its second factor was checked, without using it. */
  async peekLoginCode(code: string): Promise<{ userId: number; secondFactor: boolean } | null> {
    const row = await this.db
      .selectFrom('one_time_codes')
      .select(['user_id', 'second_factor'])
      .where('code_hash', '=', hashToken(code))
      .where('purpose', '=', 'login')
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
    return row ? { userId: row.user_id, secondFactor: row.second_factor } : null;
  }

  /** Consumes a one-time code atomically; a second use, or a late one, gets null. */
  async consumeCode(code: string, purpose: 'login' | 'reset', userId?: number): Promise<number | null> {
    let q = this.db
      .updateTable('one_time_codes')
      .set({ used_at: new Date() })
      .where('code_hash', '=', hashToken(purpose === 'reset' ? code.toUpperCase() : code))
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date());
    if (userId !== undefined) q = q.where('user_id', '=', userId);
    const row = await q.returning('user_id').executeTakeFirst();
    return row?.user_id ?? null;
  }

  /** Voids every unused sign-in code of a user (a fresh sign-up link replaces the earlier ones). */
  async voidLoginCodes(userId: number): Promise<void> {
    await this.db
      .updateTable('one_time_codes')
      .set({ used_at: new Date() })
      .where('user_id', '=', userId)
      .where('purpose', '=', 'login')
      .where('used_at', 'is', null)
      .execute();
  }

  /** Whether a user holds an unused, unexpired sign-in code (a pending sign-up link still alive). */
  async hasLiveLoginCode(userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('one_time_codes')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('purpose', '=', 'login')
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
    return row !== undefined;
  }

  /** A new reset code replaces any earlier unused one. */
  async createResetCode(userId: number): Promise<string> {
    const code = newResetCode();
    await this.db
      .updateTable('one_time_codes')
      .set({ used_at: new Date() })
      .where('user_id', '=', userId)
      .where('purpose', '=', 'reset')
      .where('used_at', 'is', null)
      .execute();
    await this.db
      .insertInto('one_time_codes')
      .values({
        code_hash: hashToken(code),
        purpose: 'reset',
        user_id: userId,
        expires_at: new Date(Date.now() + RESET_CODE_TTL_MS),
      })
      .execute();
    return code;
  }
}
