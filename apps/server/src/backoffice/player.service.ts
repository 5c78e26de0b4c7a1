import { type StaffNote, type StatsPlayer, centsToCoins } from '@coinsite/shared';
import { type Kysely, sql } from 'kysely';
import { writeAudit } from '../platform/audit.ts';
import type { DB } from '../platform/db-types.ts';
import { Errors } from '../platform/errors.ts';
import { figuresOf, kindSums, pct } from './stats.figures.ts';
import { openLedgerRows } from './stats.rollup.ts';

type Num = number | string;
const coins = centsToCoins;
const RG_LIMITS = [
  'deposit_day',
  'deposit_week',
  'deposit_month',
  'loss_day',
  'loss_week',
  'loss_month',
  'wager_day',
  'wager_week',
  'wager_month',
] as const;

/** A break's end as the API shows it: null for a permanent one ('infinity'). */
const untilOf = (v: unknown): string | null =>
  v instanceof Date && Number.isFinite(v.getTime()) && v.getUTCFullYear() < 9000 ? v.toISOString() : null;

/** Players whose name or email begins with `q` (case-insensitive), or whose id it is: the player view's search. */
export async function findPlayers(
  db: Kysely<DB>,
  q: string,
): Promise<Array<{ id: string; username: string; email: string | null }>> {
  const prefix = `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const res = await sql<{ id: Num; username: string; email: string | null }>`
    SELECT id, username, email FROM (
      SELECT id, username, email FROM users WHERE ${/^\d{1,15}$/.test(q) ? sql`id = ${Number(q)}` : sql`false`}
      UNION
      (SELECT id, username, email FROM users WHERE lower(username) LIKE ${prefix} ORDER BY lower(username) LIMIT 20)
      UNION
      (SELECT id, username, email FROM users WHERE lower(email) LIKE ${prefix} ORDER BY lower(email) LIMIT 20)
    ) m ORDER BY lower(username) = ${q.toLowerCase()} DESC, id LIMIT 20`.execute(db);
  return res.rows.map((r) => ({ id: String(r.id), username: r.username, email: r.email }));
}

/** Everything the player view shows about one player (figures from the rollup, as of its last run). */
export async function playerView(db: Kysely<DB>, userId: number): Promise<StatsPlayer> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'rank', 'banned', 'balance', 'created_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw Errors.notFound('User not found.');
  const [sums, rg, sessions, shared, audit, notes, mute, mutes] = await Promise.all([
    // the closed hours from the rollup, the open ones (since its last run's open start) from the ledger
    sql<{ game: string; kind: string; amount: Num; entries: Num }>`
      SELECT game, kind, sum(amount) AS amount, sum(entries) AS entries FROM (
        SELECT game, kind, amount, entries FROM stats_player_days WHERE user_id = ${userId}
        UNION ALL
        SELECT game, kind, delta, 1 FROM (${openLedgerRows({ userId })}) o
      ) t GROUP BY game, kind`.execute(db),
    sql<Record<string, unknown>>`
      SELECT CASE WHEN blocked_until > now() THEN block_kind END AS block_kind, blocked_until,
        ${sql.join(RG_LIMITS.map((l) => sql.ref(l)))}
      FROM rg_state WHERE user_id = ${userId}`.execute(db),
    db
      .selectFrom('sessions')
      .select(['id', 'ip', 'user_agent', 'created_at', 'last_seen_at', 'revoked_at', 'expires_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(50)
      .execute(),
    sql<{ id: Num; username: string; via: 'ip' | 'device'; value: string }>`
      WITH mine AS (SELECT DISTINCT ip, user_agent FROM sessions WHERE user_id = ${userId})
      SELECT DISTINCT ON (u.id, via) u.id, u.username, via, value FROM (
        SELECT s.user_id, 'ip' AS via, s.ip AS value FROM sessions s
        WHERE s.ip IN (SELECT ip FROM mine WHERE ip <> '') AND s.user_id <> ${userId}
        UNION ALL
        SELECT s.user_id, 'device', s.user_agent FROM sessions s
        WHERE s.user_agent IN (SELECT user_agent FROM mine WHERE user_agent <> '') AND s.user_id <> ${userId}
      ) x JOIN users u ON u.id = x.user_id
      ORDER BY u.id, via LIMIT 50`.execute(db),
    db
      .selectFrom('admin_audit_log as a')
      .leftJoin('users as u', 'u.id', 'a.admin_id')
      .select(['a.id', 'a.action', 'u.username', 'a.details', 'a.created_at'])
      .where((eb) => eb.or([eb('a.target', '=', String(userId)), eb('a.admin_id', '=', userId)]))
      .orderBy('a.id', 'desc')
      .limit(50)
      .execute(),
    staffNotes(db, userId),
    db
      .selectFrom('chat_mutes as m')
      .leftJoin('users as u', 'u.id', 'm.muted_by')
      .select(['m.until', 'm.muted_by', 'u.username'])
      .where('m.user_id', '=', userId)
      .executeTakeFirst(),
    muteHistory(db, userId),
  ]);
  const all = figuresOf(kindSums(sums.rows));
  const byGame = new Map<string, typeof sums.rows>();
  for (const r of sums.rows) if (r.game) byGame.set(r.game, [...(byGame.get(r.game) ?? []), r]);
  const games = [...byGame.entries()]
    .map(([game, rows]) => {
      const f = figuresOf(kindSums(rows));
      return {
        game,
        bets: f.bets,
        wagered: coins(f.wagered),
        paid: coins(f.paid),
        ggr: coins(f.ggr),
        rtp: pct(f.paid, f.wagered),
      };
    })
    .sort((a, b) => b.wagered - a.wagered);
  const r = rg.rows[0];
  const now = Date.now();
  return {
    id: String(user.id),
    username: user.username,
    email: user.email,
    rank: user.rank,
    banned: user.banned,
    created: user.created_at.toISOString(),
    balance: coins(user.balance),
    wagered: coins(all.wagered),
    paid: coins(all.paid),
    ggr: coins(all.ggr),
    deposits: coins(all.deposits),
    withdrawals: coins(all.withdrawalsRequested - all.withdrawalsRefunded),
    bonuses: coins(all.bonusCost),
    bonusByKind: Object.fromEntries(
      Object.entries(all.bonusByKind).map(([k, v]) => [k, coins(v)]),
    ) as StatsPlayer['bonusByKind'],
    adminCredits: coins(all.adminCredits),
    houseNet: coins(all.ggr - all.bonusCost - all.adminCredits),
    games,
    responsibleGaming: {
      block: r?.block_kind ? { kind: String(r.block_kind), until: untilOf(r.blocked_until) } : null,
      limits: Object.fromEntries(
        RG_LIMITS.map((l) => [l, r && r[l] !== null && r[l] !== undefined ? coins(Number(r[l])) : null]),
      ),
    },
    chatMute: mute
      ? {
          until: new Date(mute.until).toISOString(),
          active: new Date(mute.until).getTime() > now,
          mutedById: mute.muted_by === null ? null : String(mute.muted_by),
          mutedByName: mute.username,
        }
      : null,
    muteHistory: mutes,
    sessions: sessions.map((s) => ({
      id: String(s.id),
      ip: s.ip,
      device: s.user_agent,
      created: s.created_at.toISOString(),
      lastSeen: new Date(s.last_seen_at).toISOString(),
      active: s.revoked_at === null && new Date(s.expires_at).getTime() > now,
    })),
    sharedWith: shared.rows.map((s) => ({
      id: String(s.id),
      username: s.username,
      via: s.via,
      value: s.value,
    })),
    audit: audit.map((a) => ({
      id: String(a.id),
      action: a.action,
      actorName: a.username,
      detail: a.details,
      created: a.created_at.toISOString(),
    })),
    notes,
  };
}

/** The chat mutes set on a player (chat.service.ts muteUser audits each as 'chat-mute-user'), newest first. */
async function muteHistory(db: Kysely<DB>, userId: number): Promise<StatsPlayer['muteHistory']> {
  const rows = await db
    .selectFrom('admin_audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.admin_id')
    .select(['a.created_at', 'u.username', 'a.details'])
    .where('a.action', '=', 'chat-mute-user')
    .where('a.target', '=', String(userId))
    .orderBy('a.id', 'desc')
    .limit(100)
    .execute();
  return rows.map((r) => {
    const d = (typeof r.details === 'string' ? JSON.parse(r.details) : r.details) as {
      minutes?: unknown;
      until?: unknown;
    } | null;
    return {
      at: new Date(r.created_at).toISOString(),
      actorName: r.username,
      minutes: typeof d?.minutes === 'number' ? d.minutes : null,
      until: typeof d?.until === 'string' ? d.until : null,
    };
  });
}

export async function staffNotes(db: Kysely<DB>, userId: number): Promise<StaffNote[]> {
  const res = await sql<{ id: Num; username: string | null; body: string; created_at: Date }>`
    SELECT n.id, u.username, n.body, n.created_at FROM staff_notes n
    LEFT JOIN users u ON u.id = n.author_id
    WHERE n.user_id = ${userId} ORDER BY n.id DESC LIMIT 100`.execute(db);
  return res.rows.map((n) => ({
    id: String(n.id),
    authorName: n.username,
    body: n.body,
    created: new Date(n.created_at).toISOString(),
  }));
}

/** A staff note and its audit row, in one transaction. */
export async function addStaffNote(
  db: Kysely<DB>,
  adminId: number,
  userId: number,
  body: string,
): Promise<StaffNote> {
  return db.transaction().execute(async (tx) => {
    const exists = await tx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
    if (!exists) throw Errors.notFound('User not found.');
    const row = await sql<{ id: Num; created_at: Date }>`
      INSERT INTO staff_notes (user_id, author_id, body) VALUES (${userId}, ${adminId}, ${body})
      RETURNING id, created_at`.execute(tx);
    const note = row.rows[0];
    if (!note) throw new Error('the note was not stored');
    await writeAudit(tx, {
      actorId: adminId,
      action: 'staff-note',
      target: String(userId),
      details: { noteId: String(note.id), body },
    });
    const author = await tx
      .selectFrom('users')
      .select('username')
      .where('id', '=', adminId)
      .executeTakeFirst();
    return {
      id: String(note.id),
      authorName: author?.username ?? null,
      body,
      created: new Date(note.created_at).toISOString(),
    };
  });
}
