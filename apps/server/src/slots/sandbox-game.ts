import { betAmountError } from '@coinsite/shared/games';
import { centsToCoins, type SandboxSpinView } from '@coinsite/shared';
import { sha256Hex, slotPayout, slotSpin } from '@coinsite/shared/fairness';
import { sql } from 'kysely';
import { ensurePairs, seedCacheOf } from '../games/fairness/seeds.service.ts';
import {
  newReference,
  newRoundId,
  type SandboxProviderClient,
} from '../integrations/pragmatic/sandbox-provider.ts';
import { PP_ERRORS, ppAmount, ppAmountCents } from '../integrations/pragmatic/protocol.ts';
import type { Ctx } from '../platform/context.ts';
import { AppError, Errors } from '../platform/errors.ts';
import { requireNoBreak } from '../platform/account/rg.service.ts';
import { limit, loadLimit } from '../platform/http.ts';
import { inTransaction } from '../platform/tx.ts';

/** Spins per second one player may make in the sandbox (autoplay runs well below it). */
const SPINS_PER_SECOND = 10;

export interface SandboxSession {
  token: string;
  userId: number;
  gameCode: string;
  gameName: string;
  banner: string;
}

/** The sandbox game's own session check (the provider's game client knows only its token). */
export async function sandboxSession(ctx: Ctx, token: string): Promise<SandboxSession> {
  const row = await ctx.db
    .selectFrom('slot_sessions as s')
    .innerJoin('slot_games as g', 'g.game_code', 's.game_code')
    .select(['s.token', 's.user_id', 's.game_code', 's.expires_at', 's.sandbox', 'g.game_name', 'g.banner'])
    .where('s.token', '=', token)
    .executeTakeFirst();
  if (!row?.sandbox || row.expires_at.getTime() < ctx.clock.now())
    throw new AppError('session_expired', 'This game session has expired. Please open the game again.', 401);
  return {
    token: row.token,
    userId: row.user_id,
    gameCode: row.game_code,
    gameName: row.game_name,
    banner: row.banner,
  };
}

/** A wallet answer that is not a success → the player's sentence. */
function walletError(answer: Record<string, unknown>): AppError {
  if (answer.error === PP_ERRORS.insufficientBalance.error) return Errors.insufficientBalance();
  if (answer.error === PP_ERRORS.betNotAllowed.error)
    // the wallet's own sentence when it has one (a break or a limit, an already refunded bet)
    return answer.description && answer.description !== PP_ERRORS.betNotAllowed.description
      ? new AppError('bet_not_allowed', String(answer.description), 403)
      : Errors.disabled('Slots');
  if (answer.error === PP_ERRORS.gameNotFound.error)
    return Errors.badRequest('This game is currently disabled.');
  if (answer.error === PP_ERRORS.frozen.error) return Errors.banned();
  if (answer.error === PP_ERRORS.badToken.error)
    return new AppError('session_expired', 'This game session has expired. Please open the game again.', 401);
  return Errors.badRequest(String(answer.description ?? 'The game could not reach the wallet.'));
}

/**
 * One spin of the sandbox slot, as a provider's game server plays it: draw the outcome from the
 * player's seed pair (the nonce is taken first, so the outcome is fixed before any money moves),
 * then call the operator's wallet: bet (the stake), result (the win), each signed, with a round id
 * and a fresh reference. The round is recorded with its seed pair and nonce for `npm run verify`.
 */
export async function sandboxSpin(
  ctx: Ctx,
  provider: SandboxProviderClient,
  session: SandboxSession,
  stakeCoins: number,
): Promise<SandboxSpinView> {
  const stake = Math.round(stakeCoins * 100);
  const amountError = betAmountError(stake);
  if (amountError) throw Errors.badRequest(amountError);
  await limit(
    ctx,
    `slots-spin:${session.userId}`,
    loadLimit(SPINS_PER_SECOND, 1000),
    'You are spinning too fast, slow down!',
  );
  await ctx.controls.require('slots', 'Slots');
  const user = await ctx.db
    .selectFrom('users')
    .select(['balance', 'banned'])
    .where('id', '=', session.userId)
    .executeTakeFirstOrThrow();
  if (user.banned) throw Errors.banned();
  // before the nonce is taken: a player on a break hears why, and no nonce is used up for nothing
  await requireNoBreak(ctx, session.userId);
  if (user.balance < stake) throw Errors.insufficientBalance();

  const roundId = newRoundId();
  const seeds = await inTransaction(ctx.db, async ({ tx }) => {
    await ensurePairs(tx, session.userId);
    const pair = await sql<{ id: number; server_seed: string; client_seed: string; nonce: number }>`
      UPDATE seed_pairs SET nonce = nonce + 1
      WHERE user_id = ${session.userId} AND status = 'active'
      RETURNING id, server_seed, client_seed, nonce - 1 AS nonce`.execute(tx);
    const p = pair.rows[0];
    if (!p) throw new Error('no active seed pair');
    const spin = slotSpin({ serverSeed: p.server_seed, clientSeed: p.client_seed, nonce: p.nonce });
    const payout = slotPayout(stake, spin.multiplier);
    await tx
      .insertInto('slot_sandbox_rounds')
      .values({
        round_id: roundId,
        user_id: session.userId,
        game_code: session.gameCode,
        seed_pair_id: p.id,
        nonce: p.nonce,
        stake,
        payout,
        stops: JSON.stringify(spin.stops),
      })
      .execute();
    return {
      pairId: p.id,
      serverSeed: p.server_seed,
      clientSeed: p.client_seed,
      nonce: p.nonce,
      spin,
      payout,
    };
  });
  // the bet engine's cached nonce of this player has moved on
  seedCacheOf(ctx).forget(session.userId);

  const common = {
    userId: String(session.userId),
    gameId: session.gameCode,
    roundId,
    token: session.token,
    timestamp: String(ctx.clock.now()),
    roundDetails: 'spin',
  };
  const bet = await provider.call('bet', {
    ...common,
    amount: String(ppAmount(stake)),
    reference: newReference(),
  });
  if (bet.error !== 0) throw walletError(bet);
  const resultParams = { ...common, amount: String(ppAmount(seeds.payout)), reference: newReference() };
  // a provider repeats a result until it is answered (same reference): the wallet pays it once
  let result = await provider.call('result', resultParams);
  for (let attempt = 1; result.error !== 0 && attempt < 3; attempt++)
    result = await provider.call('result', resultParams);
  if (result.error !== 0) throw walletError(result);

  // the settled bet row names the seed pair and nonce its outcome came from
  await sql`
    UPDATE bets SET seed_pair_id = ${seeds.pairId}, nonce = ${seeds.nonce},
      outcome = outcome || ${JSON.stringify({ sandbox: true, stops: seeds.spin.stops, multiplier: seeds.spin.multiplier })}::jsonb
    WHERE id = (SELECT bet_id FROM slot_rounds WHERE user_id = ${session.userId} AND round_id = ${roundId})`.execute(
    ctx.db,
  );
  const balance = ppAmountCents(String(result.cash)) ?? 0;
  return {
    roundId,
    stops: seeds.spin.stops,
    window: seeds.spin.window,
    wins: seeds.spin.wins,
    stake: centsToCoins(stake),
    payout: centsToCoins(seeds.payout),
    multiplier: seeds.spin.multiplier / 10000,
    balance: centsToCoins(balance),
    serverSeedHash: sha256Hex(seeds.serverSeed),
    clientSeed: seeds.clientSeed,
    nonce: seeds.nonce,
  };
}
