import {
  centsToCoins,
  type RealityCheckView,
  realityCheckAckPayload,
  SESSION_EVENTS,
} from '@coinsite/shared';
import { sql } from 'kysely';
import type { Ctx } from '../context.ts';
import { AppError } from '../errors.ts';
import { type GameSocket, sessionRoom } from '../realtime.ts';

/**
 * The ledger kinds of play: stakes, wins and refunded stakes (the profile's profit counts the same).
 * The reality check's net result is their sum since its clock started.
 */
export const PLAY_LEDGER_KINDS = ['bet', 'win', 'bet_refund'] as const;

/** A node tells the others that a player's setting changed (with Redis; one node needs nobody). */
const SETTING_CHANGED = 'reality-check:setting-changed';

/** What the reality check of one session needs, read from its row and the player's setting. */
export interface RealityState {
  sessionId: number;
  userId: number;
  /** ms: the session's sign-in, or the setting's time if later */
  start: number;
  intervalMs: number;
  /** ms: every due point up to this one is answered */
  ackedAt: number | null;
  /** the player's newest ledger id at `start` */
  ledgerMark: number;
}

/** The newest due point (start + k × interval, k ≥ 1) at `now` that no tab has answered; else null. */
export function duePoint(state: RealityState, now: number): number | null {
  const k = Math.floor((now - state.start) / state.intervalMs);
  if (k < 1) return null;
  const due = state.start + k * state.intervalMs;
  return state.ackedAt !== null && state.ackedAt >= due ? null : due;
}

/** The first due point after `now`. */
export function nextDuePoint(state: RealityState, now: number): number {
  const k = Math.max(0, Math.floor((now - state.start) / state.intervalMs));
  return state.start + (k + 1) * state.intervalMs;
}

/** The session's reality check, or null when it has none (no setting, or the session is over). */
export async function realityState(ctx: Ctx, sessionId: number): Promise<RealityState | null> {
  const row = (
    await sql<{
      user_id: number;
      created_at: Date;
      ledger_mark: number | string;
      reality_acked_at: Date | null;
      minutes: number | null;
      set_at: Date | null;
      set_mark: number | string | null;
    }>`
      SELECT s.user_id, s.created_at, s.ledger_mark, s.reality_acked_at,
             r.reality_check_minutes AS minutes, r.reality_check_set_at AS set_at,
             r.reality_check_ledger_mark AS set_mark
      FROM sessions s LEFT JOIN rg_state r ON r.user_id = s.user_id
      WHERE s.id = ${sessionId} AND s.revoked_at IS NULL AND s.expires_at > ${new Date(ctx.clock.now())}`.execute(
      ctx.db,
    )
  ).rows[0];
  if (!row?.minutes) return null;
  // set at or after the sign-in: the setting's clock (its ledger mark is the newer one)
  const setLater = row.set_at !== null && row.set_at.getTime() >= row.created_at.getTime();
  return {
    sessionId,
    userId: Number(row.user_id),
    start: setLater && row.set_at ? row.set_at.getTime() : row.created_at.getTime(),
    intervalMs: row.minutes * 60_000,
    ackedAt: row.reality_acked_at?.getTime() ?? null,
    ledgerMark: Number((setLater ? row.set_mark : row.ledger_mark) ?? 0),
  };
}

/** What the dialog shows for a due point: time since the start and the play since then. */
export async function realityView(
  ctx: Ctx,
  state: RealityState,
  due: number,
  now: number,
): Promise<RealityCheckView> {
  const sums = (
    await sql<{ net: string | number; staked: string | number }>`
      SELECT coalesce(sum(delta), 0) AS net,
             coalesce(-sum(delta) FILTER (WHERE kind = 'bet'), 0) AS staked
      FROM ledger_entries
      WHERE user_id = ${state.userId} AND id > ${state.ledgerMark}
        AND kind IN (${sql.join(PLAY_LEDGER_KINDS.map((k) => sql.lit(k)))})`.execute(ctx.db)
  ).rows[0];
  return {
    dueAt: new Date(due).toISOString(),
    since: new Date(state.start).toISOString(),
    minutesPlayed: Math.max(0, Math.floor((now - state.start) / 60_000)),
    intervalMinutes: Math.round(state.intervalMs / 60_000),
    net: centsToCoins(Number(sums?.net ?? 0)),
    wagered: centsToCoins(Number(sums?.staked ?? 0)),
  };
}

/**
 * Issue 26 §8: the reality check keeps the session's clock. The server decides when it is due:
 * each node keeps one timer per session that has a /chat socket on it, set to the session's next
 * due point (start + k × interval). When it fires, the node sends `reality-check` to its own sockets
 * of that session (every node does the same for its own, and each socket hears a due point once); a tab that
 * connects while one is due and unanswered (a reload, a new tab) hears it at once. `reality-check-ack`
 * from any tab stores the answer on the session and sends `reality-check-dismissed` to every tab of
 * the session on every node.
 */
export class RealityChecks {
  private readonly timers = new Map<number, { userId: number; stop: () => void }>();
  private readonly inflight = new Set<Promise<void>>();
  /** The due point each tab of this node was last sent. */
  private readonly shown = new WeakMap<GameSocket, number>();
  private closed = false;

  constructor(private readonly ctx: Ctx) {}

  start(): void {
    const { realtime } = this.ctx;
    realtime.onAuthenticated('chat', (socket) => {
      const user = socket.data.user;
      if (user) void this.refresh(user.sessionId, socket);
    });
    realtime.handle(
      'chat',
      SESSION_EVENTS.realityCheckAck,
      realityCheckAckPayload,
      SESSION_EVENTS.realityCheckError,
      async (socket, [{ dueAt }]) => this.acknowledge(socket, Date.parse(dueAt)),
    );
    if (this.ctx.config.REDIS_URL)
      realtime.io.on(SETTING_CHANGED, (userId: unknown) => {
        if (typeof userId === 'number') this.refreshUser(userId);
      });
    this.ctx.onClose.push(() => this.close());
  }

  /** After the player set the reminder: restart the clocks of the player's sessions on every node. */
  settingChanged(userId: number): void {
    this.refreshUser(userId);
    if (this.ctx.config.REDIS_URL) this.ctx.realtime.io.serverSideEmit(SETTING_CHANGED, userId);
  }

  private refreshUser(userId: number): void {
    for (const [sessionId, t] of this.timers) if (t.userId === userId) void this.refresh(sessionId);
  }

  /** This node's /chat sockets of a session. */
  private localSockets(sessionId: number): GameSocket[] {
    const chat = this.ctx.realtime.ns('chat');
    const ids = chat.adapter.rooms.get(sessionRoom(sessionId)) ?? new Set<string>();
    return [...ids].flatMap((id) => {
      const socket = chat.sockets.get(id);
      return socket ? [socket as unknown as GameSocket] : [];
    });
  }

  /**
   * Reads the session's reminder; when one is due and unanswered, sends it to the tabs (`only`: a
   * tab that just connected; else this node's tabs of the session) that were not sent that due point
   * yet; sets the session's timer to the next due point. Refreshes may overlap (a tab connecting as
   * the timer fires): each tab still hears a due point once, and a timer set from an older reading
   * only fires early and reads again.
   */
  private refresh(sessionId: number, only?: GameSocket): Promise<void> {
    const run = this.read(sessionId, only).finally(() => this.inflight.delete(run));
    this.inflight.add(run);
    return run;
  }

  /** Resolves once no reading is running (tests: a tab's reminder and timer are set). */
  async idle(): Promise<void> {
    while (this.inflight.size > 0) await Promise.all([...this.inflight]);
  }

  private async read(sessionId: number, only?: GameSocket): Promise<void> {
    try {
      const now = this.ctx.clock.now();
      const state = await realityState(this.ctx, sessionId);
      const tabs = this.localSockets(sessionId);
      if (!state || this.closed || tabs.length === 0) {
        this.timers.get(sessionId)?.stop();
        this.timers.delete(sessionId);
        return;
      }
      const due = duePoint(state, now);
      if (due !== null) {
        const fresh = (only ? [only] : tabs).filter((tab) => this.shown.get(tab) !== due);
        if (fresh.length > 0) {
          const view = await realityView(this.ctx, state, due, now);
          for (const tab of fresh) {
            if (this.shown.get(tab) === due) continue;
            this.shown.set(tab, due);
            tab.emit(SESSION_EVENTS.realityCheck, view);
          }
        }
      }
      this.timers.get(sessionId)?.stop();
      const wait = Math.max(0, nextDuePoint(state, now) - this.ctx.clock.now());
      const stop = this.ctx.clock.setTimeout(() => void this.refresh(sessionId), wait);
      this.timers.set(sessionId, { userId: state.userId, stop });
    } catch (err) {
      this.ctx.log.error({ err, sessionId }, 'reality check failed');
    }
  }

  /** Continue / Take a break / Log out in one tab: answered for the session, closed in every tab. */
  private async acknowledge(socket: GameSocket, dueAt: number): Promise<void> {
    const user = socket.data.user;
    if (!user) throw new AppError('unauthorized', 'Please sign in.', 401);
    const now = this.ctx.clock.now();
    if (!(dueAt <= now)) throw new AppError('not_due', 'That reminder is not due yet.', 400);
    await sql`
      UPDATE sessions
      SET reality_acked_at = greatest(coalesce(reality_acked_at, '-infinity'::timestamptz), ${new Date(now)}::timestamptz)
      WHERE id = ${user.sessionId} AND revoked_at IS NULL`.execute(this.ctx.db);
    this.ctx.realtime
      .ns('chat')
      .to(sessionRoom(user.sessionId))
      .emit(SESSION_EVENTS.realityCheckDismissed, { dueAt: new Date(dueAt).toISOString() });
  }

  private close(): void {
    this.closed = true;
    for (const t of this.timers.values()) t.stop();
    this.timers.clear();
  }
}

const perApp = new WeakMap<Ctx, RealityChecks>();

/** The app's reality checks (one per app, started by the account routes). */
export function realityChecksOf(ctx: Ctx): RealityChecks {
  let checks = perApp.get(ctx);
  if (!checks) {
    checks = new RealityChecks(ctx);
    perApp.set(ctx, checks);
  }
  return checks;
}
