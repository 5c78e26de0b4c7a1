import { describe, expect, it } from 'vitest';
import { firstIssue } from './common.ts';
import { chatSettingsBody, rainSettingsBody } from './community-settings.ts';

// economy.md's numbers as the admin dialog shows them
const chat = {
  slowModeSeconds: 1.5,
  duplicateWindowSeconds: 30,
  minLevel: 2,
  tipMinLevel: 15,
  tipMin: 1,
  tipMax: 100,
};
const rain = {
  everyMinutes: 30,
  joinWindowSeconds: 120,
  basePot: 200,
  minLevel: 2,
  minWager: 5,
  tipMinLevel: 10,
  tipMin: 1,
  tipMax: 100,
};
const refusal = (schema: typeof chatSettingsBody | typeof rainSettingsBody, body: object) => {
  const r = schema.safeParse(body);
  return r.success ? null : firstIssue(r.error);
};

describe('chat settings', () => {
  it('takes economy.md defaults, seconds to a tenth', () => {
    expect(chatSettingsBody.parse(chat)).toEqual(chat);
    expect(chatSettingsBody.parse({ ...chat, slowModeSeconds: '0.3' }).slowModeSeconds).toBe(0.3);
    expect(refusal(chatSettingsBody, { ...chat, slowModeSeconds: 1.25 })).toBe(
      'Slow mode takes at most one decimal.',
    );
    expect(refusal(chatSettingsBody, { ...chat, slowModeSeconds: 0 })).toBeNull();
  });

  it('the minimum tip is at least 0.01 and the maximum at least the minimum', () => {
    expect(refusal(chatSettingsBody, { ...chat, tipMin: 0.01, tipMax: 0.01 })).toBeNull();
    expect(refusal(chatSettingsBody, { ...chat, tipMin: 0 })).toBe('The minimum tip must be at least 0.01.');
    expect(refusal(chatSettingsBody, { ...chat, tipMin: 5, tipMax: 4.99 })).toBe(
      'The maximum tip must be at least the minimum tip.',
    );
  });
});

describe('rain settings', () => {
  it('the join window must be shorter than the cycle', () => {
    expect(rainSettingsBody.parse(rain)).toEqual(rain);
    expect(refusal(rainSettingsBody, { ...rain, everyMinutes: 2, joinWindowSeconds: 119 })).toBeNull();
    expect(refusal(rainSettingsBody, { ...rain, everyMinutes: 2, joinWindowSeconds: 120 })).toBe(
      'The join window must be shorter than the rain cycle.',
    );
    expect(refusal(rainSettingsBody, { ...rain, tipMin: 3, tipMax: 2 })).toBe(
      'The maximum tip must be at least the minimum tip.',
    );
  });
});
