import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('config', () => {
  it('has embedded defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATA_DIR).toBe('./data');
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.RATE_LIMIT_FACTOR).toBe(1);
  });

  it('reads values and derives the public URL and CORS list', () => {
    const c = loadConfig({
      PORT: '8080',
      CORS_ORIGIN: 'https://a.example, https://b.example',
      DICE_EDGE_PCT: '2',
    });
    expect(c.publicUrl).toBe('http://localhost:8080');
    expect(c.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(c.DICE_EDGE_PCT).toBe(2);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ RATE_LIMIT_FACTOR: '0' }, 'RATE_LIMIT_FACTOR'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ ADMIN_EMAIL: 'nope' }, 'ADMIN_EMAIL'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
  ])('refuses a bad value with one line naming it (%o)', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (err) {
      const msg = (err as Error).message;
      expect(msg).toContain(name);
      expect(msg.split('\n')).toHaveLength(1);
    }
  });
});
