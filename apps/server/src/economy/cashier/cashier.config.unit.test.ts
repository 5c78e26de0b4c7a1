import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../platform/config.ts';
import { loadCashierConfig } from './cashier.config.ts';

const REAL_PROVIDERS = {
  ARKPAY_API_KEY: 'key',
  ARKPAY_SECRET: 'arkpay-secret-0123456789',
  CASHAPP_CASHTAG: '$RealShop',
  SKINSBACK_SHOP_ID: '42',
  SKINSBACK_SECRET: 'skinsback-secret-0123456789',
  GIFTCARD_SANDBOX_CODES: 'false',
};

describe('payment sandboxes in production', () => {
  it('stop boot in one line unless the operator opts in or every provider is real', () => {
    expect(() => loadCashierConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadCashierConfig({ SANDBOX_PAYMENTS: 'false' })).toThrow(
      /\(card, Cash App, skins, gift card/,
    );
    expect(() =>
      loadCashierConfig({
        NODE_ENV: 'production',
        ...REAL_PROVIDERS,
        SKINSBACK_SHOP_ID: '',
        SKINSBACK_SECRET: '',
      }),
    ).toThrow('Payment sandboxes would run in production (skins)');
    expect(loadCashierConfig({ NODE_ENV: 'production', SANDBOX_PAYMENTS: 'true' }).SANDBOX_PAYMENTS).toBe(
      true,
    );
    expect(loadCashierConfig({ NODE_ENV: 'production', ...REAL_PROVIDERS }).ARKPAY_API_KEY).toBe('key');
    expect(loadCashierConfig({}).SANDBOX_PAYMENTS).toBeUndefined();
  });

  it('reads the per-provider deposit maximum in coins', () => {
    expect(loadCashierConfig({}).CASHIER_MAX_DEPOSIT_SKINS).toBe(1_000_000);
    expect(loadCashierConfig({ CASHIER_MAX_DEPOSIT_CARD: '250' }).CASHIER_MAX_DEPOSIT_CARD).toBe(25_000);
    expect(() => loadCashierConfig({ CASHIER_MAX_DEPOSIT_CASHAPP: 'lots' })).toThrow(
      'Invalid environment variable CASHIER_MAX_DEPOSIT_CASHAPP',
    );
  });
});
