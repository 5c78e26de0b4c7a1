/** The words of a responsible-gaming break (no zod: the web shell's banner imports them). */

export type RgBreakKind = 'cool_off' | 'self_exclusion';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A break's end as the refusal and the banner say it: "27 Nov 2026, 14:05 UTC" (the same everywhere). */
export function formatBreakEnd(untilIso: string): string {
  const d = new Date(untilIso);
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${hh}:${mm} UTC`;
}

/**
 * Issue 26: the one sentence a player on a break hears, whatever they tried (a bet, a deposit, a
 * bonus, a tip, rain, trivia, a giveaway), and reads in the site's banner. until null = permanent.
 */
export function rgBreakSentence(kind: RgBreakKind, untilIso: string | null): string {
  const what = 'bets, deposits, bonuses, tips, rain, trivia and giveaways';
  if (kind === 'cool_off')
    return `You are on a break until ${untilIso ? formatBreakEnd(untilIso) : 'further notice'}: ${what} are paused until then.`;
  return untilIso
    ? `You have excluded yourself until ${formatBreakEnd(untilIso)}: ${what} are blocked until then.`
    : `You have excluded yourself permanently: ${what} are blocked.`;
}
