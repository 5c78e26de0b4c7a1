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
    expect(c.MAX_PROFIT).toBe(1000);
    // behind no proxy by default: X-Forwarded-For is not believed unless TRUST_PROXY says so
    expect(c.TRUST_PROXY).toBe(false);
    expect(c.SERVE_WEB).toBe(true);
    expect(c.HOST).toBe('0.0.0.0');
    expect(c.DATABASE_POOL_SIZE).toBe(16);
    expect([c.DICE_EDGE_PCT, c.LIMBO_EDGE_PCT, c.MINES_EDGE_PCT]).toEqual([1, 1, 1]);
    expect(c.LOG_LEVEL).toBe('info');
    expect(c.corsOrigins).toEqual([]);
    expect(c.ADMIN_PASSWORD).toBeUndefined();
  });

  it('frontendUrl (affiliate links): FRONTEND_URL, else the first CORS_ORIGIN, else PUBLIC_URL (issue 27)', () => {
    const base = { PUBLIC_URL: 'https://api.example/' };
    expect(loadConfig(base).frontendUrl).toBe('https://api.example');
    expect(loadConfig({ ...base, CORS_ORIGIN: 'https://play.example/, https://b.example' }).frontendUrl).toBe(
      'https://play.example',
    );
    expect(loadConfig({ ...base, CORS_ORIGIN: '*' }).frontendUrl).toBe('https://api.example');
    expect(
      loadConfig({ ...base, CORS_ORIGIN: 'https://play.example', FRONTEND_URL: 'https://www.example/' })
        .frontendUrl,
    ).toBe('https://www.example');
  });

  it('reads yes/no switches', () => {
    for (const yes of ['1', 'true', 'yes']) expect(loadConfig({ TRUST_PROXY: yes }).TRUST_PROXY).toBe(true);
    for (const no of ['0', 'false', 'no']) expect(loadConfig({ SERVE_WEB: no }).SERVE_WEB).toBe(false);
    // an empty value is the default, not "false"
    expect(loadConfig({ SERVE_WEB: '' }).SERVE_WEB).toBe(true);
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow(ConfigError);
  });

  it('takes an admin password of 8 characters or more, and says why a shorter one is refused', () => {
    expect(loadConfig({ ADMIN_PASSWORD: '12345678' }).ADMIN_PASSWORD).toBe('12345678');
    expect(() => loadConfig({ ADMIN_PASSWORD: '1234567' })).toThrow(
      'Invalid environment variable ADMIN_PASSWORD="1234567": ADMIN_PASSWORD must be at least 8 characters',
    );
  });

  it('takes well-formed values of every kind', () => {
    const c = loadConfig({
      HOST: 'localhost',
      DATA_DIR: '/var/lib/coinsite',
      DATABASE_URL: 'postgresql://u@db/coins',
      REDIS_URL: 'redis://cache:6379',
      SMTP_URL: 'smtp://mail:25',
      RECAPTCHA_SITE_KEY: 'site-key',
      RECAPTCHA_SECRET: 'secret',
      STEAM_API_KEY: 'steam-key',
      MAIL_FROM: 'Coins <coins@example.com>',
    });
    expect(c).toMatchObject({
      HOST: 'localhost',
      DATA_DIR: '/var/lib/coinsite',
      DATABASE_URL: 'postgresql://u@db/coins',
      REDIS_URL: 'redis://cache:6379',
      SMTP_URL: 'smtp://mail:25',
      RECAPTCHA_SITE_KEY: 'site-key',
      STEAM_API_KEY: 'steam-key',
    });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/coins' }).DATABASE_URL).toBe('postgres://u@db/coins');
    expect(loadConfig({ REDIS_URL: 'rediss://cache:6380', SMTP_URL: 'smtps://mail:465' }).SMTP_URL).toBe(
      'smtps://mail:465',
    );
    for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) {
      expect(loadConfig({ LOG_LEVEL: level }).LOG_LEVEL).toBe(level);
    }
  });

  it('has the documented defaults for mail, support and the outside services', () => {
    const c = loadConfig({});
    expect(c.MAIL_FROM).toBe('Coinsite <no-reply@localhost>');
    expect(c.SUPPORT_EMAIL).toBe('support@localhost');
    expect(c.RECAPTCHA_VERIFY_URL).toBe('https://www.google.com/recaptcha/api/siteverify');
    expect(c.STEAM_OPENID_URL).toBe('https://steamcommunity.com/openid/login');
    expect(c.STEAM_API_URL).toBe('https://api.steampowered.com');
  });

  it('REDIS_PREFIX: empty by default (the usual key and channel names), or a short word of safe characters', () => {
    expect(loadConfig({}).REDIS_PREFIX).toBe('');
    expect(loadConfig({ REDIS_PREFIX: 'site-b:' }).REDIS_PREFIX).toBe('site-b:');
    expect(() => loadConfig({ REDIS_PREFIX: 'a b' })).toThrow(
      'REDIS_PREFIX may only hold letters, digits and _ . : -',
    );
    expect(() => loadConfig({ REDIS_PREFIX: 'x'.repeat(65) })).toThrow(
      'REDIS_PREFIX must be at most 64 characters',
    );
  });

  it.each([
    [{ DATABASE_URL: 'x-postgres://db' }, 'DATABASE_URL must start with postgres:// or postgresql://'],
    [{ REDIS_URL: 'x-redis://cache' }, 'REDIS_URL must start with redis:// or rediss://'],
    [{ SMTP_URL: 'x-smtp://mail' }, 'SMTP_URL must start with smtp:// or smtps://'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL must be a URL'],
    [{ EOS_RPC_URL: 'nope' }, 'EOS_RPC_URL must be a URL'],
    [{ STEAM_API_URL: 'nope' }, 'STEAM_API_URL must be a URL'],
    [{ STEAM_OPENID_URL: 'nope' }, 'STEAM_OPENID_URL must be a URL'],
    [{ RECAPTCHA_VERIFY_URL: 'nope' }, 'RECAPTCHA_VERIFY_URL must be a URL'],
    [{ ADMIN_EMAIL: 'nope' }, 'ADMIN_EMAIL must be an email address'],
    [{ DATABASE_POOL_SIZE: 'many' }, 'DATABASE_POOL_SIZE must be a number'],
    [{ DATABASE_POOL_SIZE: '1.5' }, 'DATABASE_POOL_SIZE must be a whole number'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE must be at least 1'],
    [{ DATABASE_POOL_SIZE: '501' }, 'DATABASE_POOL_SIZE must be at most 500'],
    [{ RATE_LIMIT_FACTOR: 'fast' }, 'RATE_LIMIT_FACTOR must be a number'],
    [{ RATE_LIMIT_FACTOR: '-1' }, 'RATE_LIMIT_FACTOR must be greater than 0'],
    [{ MAIL_FROM: 'ab' }, 'MAIL_FROM'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  ])('says what is wrong with %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('names the variable and its value in the message', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/^Invalid environment variable PORT="abc": /);
  });

  it('blackjack rules default to a stand-on-17, 3:2 table with insurance and double after split', () => {
    const c = loadConfig({});
    expect(c.BLACKJACK_HIT_SOFT_17).toBe(false);
    expect(c.BLACKJACK_PAYS).toBe('3:2');
    expect(c.BLACKJACK_INSURANCE).toBe(true);
    expect(c.BLACKJACK_DOUBLE_AFTER_SPLIT).toBe(true);
    expect(c.BLACKJACK_IDLE_SECONDS).toBe(300);
    const h = loadConfig({
      BLACKJACK_HIT_SOFT_17: 'yes',
      BLACKJACK_INSURANCE: 'no',
      BLACKJACK_DOUBLE_AFTER_SPLIT: '0',
    });
    expect([h.BLACKJACK_HIT_SOFT_17, h.BLACKJACK_INSURANCE, h.BLACKJACK_DOUBLE_AFTER_SPLIT]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('blackjack pays a ratio of one or two digits a side, nothing else', () => {
    for (const ok of ['3:2', '6:5', '1:1', '12:10', '99:99'])
      expect(loadConfig({ BLACKJACK_PAYS: ok }).BLACKJACK_PAYS).toBe(ok);
    for (const bad of ['0:2', '3:0', '3:', ':2', '123:2', '3:123', 'x3:2', '3:2x', '3/2', '3a:2', '3:2a']) {
      expect(() => loadConfig({ BLACKJACK_PAYS: bad }), bad).toThrow(/BLACKJACK_PAYS.*must look like 3:2/);
    }
    // an empty value is an unset one
    expect(loadConfig({ BLACKJACK_PAYS: '' }).BLACKJACK_PAYS).toBe('3:2');
  });

  it('plays out an idle blackjack hand after 10 s to a day', () => {
    expect(loadConfig({ BLACKJACK_IDLE_SECONDS: '10' }).BLACKJACK_IDLE_SECONDS).toBe(10);
    expect(loadConfig({ BLACKJACK_IDLE_SECONDS: '86400' }).BLACKJACK_IDLE_SECONDS).toBe(86_400);
    for (const bad of ['9', '86401', '30.5'])
      expect(() => loadConfig({ BLACKJACK_IDLE_SECONDS: bad })).toThrow(ConfigError);
  });

  it('takes a metrics token of 16 characters or more, and none by default', () => {
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(16) }).METRICS_TOKEN).toBe('a'.repeat(16));
    expect(() => loadConfig({ METRICS_TOKEN: 'a'.repeat(15) })).toThrow(
      'METRICS_TOKEN must be at least 16 characters',
    );
  });

  it('confirms registrations by email when asked, else exactly when mail can be sent', () => {
    expect(loadConfig({}).registerConfirmEmail).toBe(false);
    expect(loadConfig({ SMTP_URL: 'smtp://mail:25' }).registerConfirmEmail).toBe(true);
    expect(
      loadConfig({ SMTP_URL: 'smtp://mail:25', REGISTER_CONFIRM_EMAIL: 'no' }).registerConfirmEmail,
    ).toBe(false);
    expect(loadConfig({ REGISTER_CONFIRM_EMAIL: 'yes' }).registerConfirmEmail).toBe(true);
  });

  it('builds affiliate links from FRONTEND_URL (default PUBLIC_URL) without its trailing slash only', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://coins.example/' }).frontendUrl).toBe('https://coins.example');
    expect(loadConfig({ FRONTEND_URL: 'https://play.example/app/' }).frontendUrl).toBe(
      'https://play.example/app',
    );
  });

  it('drops a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://coins.example/' }).publicUrl).toBe('https://coins.example');
    expect(loadConfig({ CORS_ORIGIN: ' , https://a.example ,' }).corsOrigins).toEqual(['https://a.example']);
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
    [{ MAX_PROFIT: '0' }, 'MAX_PROFIT'],
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

  it('refused regions: NV and WA unless set, read as upper-case codes; empty means the default', () => {
    expect(loadConfig({}).refusedRegions).toEqual(['NV', 'WA']);
    expect(loadConfig({ REFUSED_REGIONS: '' }).refusedRegions).toEqual(['NV', 'WA']);
    expect(loadConfig({ REFUSED_REGIONS: ' nv , Ut,wa ' }).refusedRegions).toEqual(['NV', 'UT', 'WA']);
    expect(() => loadConfig({ REFUSED_REGIONS: 'Nevada' })).toThrow(ConfigError);
    // blank: no region is refused
    expect(loadConfig({ REFUSED_REGIONS: ' ' }).refusedRegions).toEqual([]);
  });
});
