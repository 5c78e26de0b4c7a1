import { describe, expect, it } from 'vitest';
import { chooseLogFormat } from './logger.ts';

describe('log format', () => {
  it('is pretty on a terminal and JSON lines anywhere else', () => {
    expect(chooseLogFormat({ isTTY: true }, {})).toBe('pretty');
    expect(chooseLogFormat({ isTTY: false }, {})).toBe('json');
    expect(chooseLogFormat({}, {})).toBe('json');
  });

  it('follows LOG_FORMAT when it names a format, and guesses otherwise', () => {
    expect(chooseLogFormat({ isTTY: true }, { LOG_FORMAT: 'json' })).toBe('json');
    expect(chooseLogFormat({ isTTY: false }, { LOG_FORMAT: ' Pretty ' })).toBe('pretty');
    expect(chooseLogFormat({ isTTY: true }, { LOG_FORMAT: 'fancy' })).toBe('pretty');
    expect(chooseLogFormat({}, { LOG_FORMAT: '' })).toBe('json');
  });
});
