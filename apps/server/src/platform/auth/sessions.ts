import {
  LOGIN_CODE_TTL_MS,
  RESET_CODE_TTL_MS,
  SESSION_TTL_MS,
  type SessionEndReason,
} from '@coinsite/shared';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db-types.ts';
import type { SocketUser } from '../realtime.ts';
import type { Unit } from '../tx.ts';
import { hashToken, newResetCode, newToken } from './tokens.ts';

export interface SessionUser extends SocketUser {}

/** Where a session was made: shown in the sessions list. */
export interface SessionDevice {
  userAgent: string;
  ip: string;
}

const LAST_SEEN_EVERY_MS = 60_000;

/** Sessions that ended, and why: what the sockets of each are told (Realtime.endSessions). */
export interface SessionEnd {
  sessionIds: number[];
  reason: SessionEndReason;
}

/**
 * Sessions and one-time codes: stored hashed, expiring, revocable.
 *
 * Every revocation goes through a method here with its reason, which is stored on the row and handed
 * to `ended` (wired to Realtime in app.ts) once it is committed: a session never ends without its
 * open tabs being told why, whichever feature ends it (issue 26 §7). Session times (creation, expiry,
 * revocation) follow the injected clock, so a test can let a session expire.
 */
export class Sessions {
  private readonly now: () => number;
  private readonly ended: (end: SessionEnd) => void;

  constructor(
    private readonly db: Kysely<DB>,
    opts: { now?: () => number; ended?: (end: SessionEnd) => void } = {},
  ) {
    this.now = opts.now ?? Date.now;
    this.ended = opts.ended ?? (() => undefined);
  }

  async create(userId: number, device: SessionDevice = { userAgent: '', ip: '' }): Promise<string> {
    const token = newToken();
    const now = this.now();
    await this.db
      .insertInto('sessions')
      .values({
        user_id: userId,
        token_hash: hashToken(token),
        created_at: new Date(now),
        expires_at: new Date(now + SESSION_TTL_MS),
        user_agent: device.userAgent.slice(0, 300),
        ip: device.ip.slice(0, 64),
        // the reality check's net result counts the player's ledger rows after this one
        ledger_mark: sql<number>`(SELECT coalesce(max(id), 0) FROM ledger_entries WHERE user_id = ${userId})`,
      })
      .execute();
    return token;
  }

  /** Tells the ended sessions' sockets, now or (inside a transaction) once it has committed. */
  private announce(sessionIds: number[], reason: SessionEndReason, unit?: Unit): void {
    if (sessionIds.length === 0) return;
    const tell = () => this.ended({ sessionIds, reason });
    if (unit) unit.afterCommit(tell);
    else tell();
  }

  /** The live sessions of a user, newest activity first (issue 16: the sessions list). */
  async list(userId: number) {
    return this.db
      .selectFrom('sessions')
      .select(['id', 'user_agent', 'ip', 'created_at', 'last_seen_at'])
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', new Date(this.now()))
      .orderBy('last_seen_at', 'desc')
      .limit(100)
      .execute();
  }

  /** Revokes one session of a user by id (from another device's sessions list); whether it was live. */
  async revokeById(userId: number, sessionId: number): Promise<boolean> {
    const rows = await this.db
      .updateTable('sessions')
      .set({ revoked_at: new Date(this.now()), end_reason: 'revoked' })
      .where('id', '=', sessionId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .returning('id')
      .execute();
    this.announce(
      rows.map((r) => r.id),
      'revoked',
    );
    return rows.length > 0;
  }

  /** Revokes every live session of a user but one; returns their ids. */
  async revokeOthers(userId: number, keepSessionId: number, reason: SessionEndReason): Promise<number[]> {
    const rows = await this.db
      .updateTable('sessions')
      .set({ revoked_at: new Date(this.now()), end_reason: reason })
      .where('user_id', '=', userId)
      .where('id', '<>', keepSessionId)
      .where('revoked_at', 'is', null)
      .returning('id')
      .execute();
    const ids = rows.map((r) => r.id);
    this.announce(ids, reason);
    return ids;
  }

  /** Whether a user signed in from this device (user agent; null: any) before: the new-device mail. */
  async knownDevice(userId: number, userAgent: string | null): Promise<boolean> {
    let q = this.db.selectFrom('sessions').select('id').where('user_id', '=', userId);
    if (userAgent !== null) q = q.where('user_agent', '=', userAgent.slice(0, 300));
    const row = await q.limit(1).executeTakeFirst();
    return row !== undefined;
  }

  async resolve(token: string): Promise<SessionUser | null> {
    const found = await this.lookup(token);
    return typeof found === 'string' ? null : found;
  }

  /**
   * The token's live session user, or why it no longer counts (its stored reason, `expired`, or
   * `invalid` for a token that never was a session here): one read either way.
   */
  async lookup(token: string): Promise<SessionUser | SessionEndReason> {
    if (!/^[0-9a-f]{64}$/.test(token)) return 'invalid';
    const row = await this.db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select([
        's.id as sessionId',
        's.last_seen_at',
        's.expires_at',
        's.revoked_at',
        's.end_reason',
        'u.id',
        'u.username',
        'u.avatar',
        'u.rank',
        'u.banned',
      ])
      .where('s.token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (!row) return 'invalid';
    if (row.revoked_at) return row.end_reason ?? 'invalid';
    if (row.expires_at.getTime() <= this.now()) return 'expired';
    const { last_seen_at, expires_at, revoked_at, end_reason, ...rest } = row;
    const user: SessionUser = { ...rest, expiresAt: expires_at.getTime() };
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

  /** Why a token no longer signs in; null while it is live. */
  async endReason(token: string): Promise<SessionEndReason | null> {
    const found = await this.lookup(token);
    return typeof found === 'string' ? found : null;
  }

  /** Signs one session out by its token (the player's own logout); returns its id when it was live. */
  async revoke(token: string): Promise<number | null> {
    const row = await this.db
      .updateTable('sessions')
      .set({ revoked_at: new Date(this.now()), end_reason: 'signed_out' })
      .where('token_hash', '=', hashToken(token))
      .where('revoked_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (row) this.announce([row.id], 'signed_out');
    return row?.id ?? null;
  }

  /**
   * Revokes every live session of a user; returns their ids. Inside a unit (the ban), the sockets
   * are told once it has committed.
   */
  async revokeAll(userId: number, reason: SessionEndReason, unit?: Unit): Promise<number[]> {
    const rows = await (unit?.tx ?? this.db)
      .updateTable('sessions')
      .set({ revoked_at: new Date(this.now()), end_reason: reason })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .returning('id')
      .execute();
    const ids = rows.map((r) => r.id);
    this.announce(ids, reason, unit);
    return ids;
  }

  /**
   * The one-time code put in the login redirect: single use, 60 s (a mailed sign-up link: longer).
   * `unlock`: a link mailed because the account's guess backstop tripped (guess-limit.ts).
   */
  async createLoginCode(
    userId: number,
    ttlMs = LOGIN_CODE_TTL_MS,
    secondFactor = false,
    unlock = false,
  ): Promise<string> {
    const code = newToken();
    await this.db
      .insertInto('one_time_codes')
      .values({
        code_hash: hashToken(code),
        purpose: 'login',
        user_id: userId,
        expires_at: new Date(Date.now() + ttlMs),
        second_factor: secondFactor,
        unlock,
      })
      .execute();
    return code;
  }

  /** A live sign-in code's account and whether its second factor was checked, without using it. */
  async peekLoginCode(
    code: string,
  ): Promise<{ userId: number; secondFactor: boolean; unlock: boolean } | null> {
    const row = await this.db
      .selectFrom('one_time_codes')
      .select(['user_id', 'second_factor', 'unlock'])
      .where('code_hash', '=', hashToken(code))
      .where('purpose', '=', 'login')
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
    return row ? { userId: row.user_id, secondFactor: row.second_factor, unlock: row.unlock } : null;
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
