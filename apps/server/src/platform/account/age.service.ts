import { type AgeStatus, ageRegionSchema } from '@coinsite/shared';
import type { Ctx } from '../context.ts';
import { Errors } from '../errors.ts';
import { parse } from '../http.ts';

export const AGE_TEXT = {
  onFile: 'Your date of birth is already on file.',
  saved: 'Thank you. Your date of birth and state are saved.',
} as const;

/**
 * Issue 26 item 6: an account registered without a birth date (the original client sends none)
 * is asked once by our web client, before its first deposit or bet. The server does not refuse
 * such an account's stakes or deposits: the original client cannot ask, and its sign-up screen
 * has its users attest they are adults in a permitted state (docs/decisions/security-limits.md).
 */
export async function ageStatus(ctx: Ctx, userId: number): Promise<AgeStatus> {
  const row = await ctx.db
    .selectFrom('users')
    .select('birth_date')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { required: row.birth_date === null };
}

/**
 * The answer, validated by the registration form's rules (ageRegionSchema) and stored once: an
 * account that has a birth date keeps it (a refused answer stores nothing, as at registration).
 */
export async function recordAge(
  ctx: Ctx,
  userId: number,
  body: unknown,
): Promise<AgeStatus & { message: string }> {
  const { birthDate, region } = parse(
    ageRegionSchema({ now: ctx.clock.now(), refusedRegions: ctx.config.refusedRegions }),
    body,
  );
  const res = await ctx.db
    .updateTable('users')
    .set({ birth_date: birthDate, region })
    .where('id', '=', userId)
    .where('birth_date', 'is', null)
    .executeTakeFirst();
  if (res.numUpdatedRows === 0n) throw Errors.badRequest(AGE_TEXT.onFile);
  return { required: false, message: AGE_TEXT.saved };
}
