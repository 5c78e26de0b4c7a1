import { z } from 'zod';
import { coinAmount, DECIMAL_STRING, INTEGER_STRING, wireNumber } from './common.ts';

/**
 * The operator's chat and rain settings (admin dialog, issue 10): economy.md's numbers (slow mode
 * 1.5 s, chat level 2, tips level 15 and 1.00–100.00, tip-rain level 10, the rain's house pot, its
 * 30-minute cycle and 2-minute join window) as the admin edits them: seconds, minutes and coins.
 */

const level = (label: string) =>
  wireNumber(
    z
      .number({ error: `${label} must be a number.` })
      .int(`${label} must be a whole number.`)
      .min(1, `${label} must be at least 1.`)
      .max(500, `${label} can be at most 500.`),
    INTEGER_STRING,
  );

const seconds = (label: string, max: number) =>
  wireNumber(
    z
      .number({ error: `${label} must be a number.` })
      .min(0, `${label} cannot be negative.`)
      .max(max, `${label} can be at most ${max} seconds.`)
      .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, `${label} takes at most one decimal.`),
    DECIMAL_STRING,
  );

const whole = (label: string, min: number, max: number, unit: string) =>
  wireNumber(
    z
      .number({ error: `${label} must be a number.` })
      .int(`${label} must be a whole number.`)
      .min(min, `${label} must be at least ${min} ${unit}.`)
      .max(max, `${label} can be at most ${max} ${unit}.`),
    INTEGER_STRING,
  );

const tipMin = coinAmount.refine((v) => v >= 0.01, 'The minimum tip must be at least 0.01.');
const tipOrder = {
  check: (b: { tipMin: number; tipMax: number }) => b.tipMax >= b.tipMin,
  error: { message: 'The maximum tip must be at least the minimum tip.', path: ['tipMax'] },
};

/** GET/PUT /api/external/v1/chat/settings (A). */
export const chatSettingsBody = z
  .object({
    slowModeSeconds: seconds('Slow mode', 600),
    duplicateWindowSeconds: seconds('The duplicate window', 3600),
    minLevel: level('The chat level'),
    tipMinLevel: level('The tip level'),
    tipMin,
    tipMax: coinAmount,
  })
  .refine(tipOrder.check, tipOrder.error);
export type ChatSettingsView = z.infer<typeof chatSettingsBody>;

/** GET/PUT /api/external/v1/rain/settings (A). Applies from the next rain on. */
export const rainSettingsBody = z
  .object({
    everyMinutes: whole('The rain cycle', 1, 1440, 'minutes'),
    joinWindowSeconds: whole('The join window', 10, 3600, 'seconds'),
    basePot: coinAmount,
    minLevel: level('The rain level'),
    minWager: coinAmount,
    tipMinLevel: level('The tip-rain level'),
    tipMin,
    tipMax: coinAmount,
  })
  .refine(tipOrder.check, tipOrder.error)
  .refine((b) => b.joinWindowSeconds < b.everyMinutes * 60, {
    message: 'The join window must be shorter than the rain cycle.',
    path: ['joinWindowSeconds'],
  });
export type RainSettingsView = z.infer<typeof rainSettingsBody>;

export const COMMUNITY_SETTINGS_TEXT = {
  chatSaved: 'Chat settings saved.',
  rainSaved: 'Rain settings saved. They apply from the next rain.',
} as const;
