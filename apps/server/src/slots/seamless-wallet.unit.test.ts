import { describe, expect, it } from 'vitest';
import { PP_ERRORS } from '../integrations/pragmatic/protocol.ts';
import { AppError, Errors } from '../platform/errors.ts';
import { rgRefusal } from '../platform/wallet.ts';
import { ppRefusalOf } from './seamless-wallet.ts';

/** Issue 26: a refusal of the wallet is a final answer to the provider; only our own faults are 100. */
describe('ppRefusalOf', () => {
  it('answers every refusal of the wallet with a final code', () => {
    expect(ppRefusalOf(Errors.insufficientBalance())).toEqual(PP_ERRORS.insufficientBalance);
    expect(ppRefusalOf(rgRefusal('cool_off'))).toEqual({
      error: 3,
      description: rgRefusal('cool_off').message,
    });
    expect(ppRefusalOf(rgRefusal('loss_day'))?.description).toMatch(/daily loss limit/);
    expect(ppRefusalOf(Errors.banned())).toEqual(PP_ERRORS.frozen);
    expect(ppRefusalOf(Errors.disabled('Slots'))).toMatchObject({ error: 3 });
    expect(ppRefusalOf(Errors.badRequest('x'))).toMatchObject({ error: 7 });
    expect(ppRefusalOf(Errors.duplicate())).toMatchObject({ error: 120 });
    expect(ppRefusalOf(new AppError('anything_new', 'Refused.', 409))).toEqual({
      error: 120,
      description: 'Refused.',
    });
    for (const e of [Errors.insufficientBalance(), rgRefusal('self_exclusion'), Errors.banned()])
      expect(ppRefusalOf(e)?.error).not.toBe(PP_ERRORS.internalRetry.error);
  });

  it('leaves faults of our own (database down, maintenance) to the retry code', () => {
    expect(ppRefusalOf(Errors.databaseUnavailable())).toBeNull();
    expect(ppRefusalOf(Errors.maintenance())).toBeNull();
  });
});
