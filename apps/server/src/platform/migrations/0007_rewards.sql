-- Rewards: coupons, affiliates, VIP levels and rakeback, faucet (economy.md).
-- Money columns are BIGINT cents, except the *_units accruals, which are 1/10,000 of a cent so that
-- the rake of a 0.01 bet still counts (claims move whole cents and keep the remainder).

-- Operator settings of the rewards (one row; economy.md's defaults).
CREATE TABLE reward_settings (
  id                     BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (id),
  affiliate_bonus        BIGINT NOT NULL DEFAULT 25 CHECK (affiliate_bonus > 0),
  -- the affiliate's share of a referred player's rake, in basis points (1000 = 10 %)
  affiliate_cut_bp       INTEGER NOT NULL DEFAULT 1000 CHECK (affiliate_cut_bp BETWEEN 0 AND 10000),
  affiliate_min_claim    BIGINT NOT NULL DEFAULT 100 CHECK (affiliate_min_claim > 0),
  rakeback_min_claim     BIGINT NOT NULL DEFAULT 200 CHECK (rakeback_min_claim > 0),
  faucet_amount          BIGINT NOT NULL DEFAULT 5 CHECK (faucet_amount > 0),
  -- the faucet pays only while the balance is below this
  faucet_below           BIGINT NOT NULL DEFAULT 10 CHECK (faucet_below > 0),
  faucet_interval_s      INTEGER NOT NULL DEFAULT 1800 CHECK (faucet_interval_s > 0)
);
INSERT INTO reward_settings DEFAULT VALUES;

-- The 500 VIP levels, seeded at boot from packages/shared/src/vip.ts when empty.
CREATE TABLE vip_levels (
  level         INTEGER PRIMARY KEY CHECK (level BETWEEN 1 AND 500),
  level_name    TEXT NOT NULL,
  level_color   TEXT NOT NULL,
  wager_needed  BIGINT NOT NULL CHECK (wager_needed >= 0),
  -- rakeback percentage in hundredths of a percent (164 = 1.64 %)
  rakeback_bp   INTEGER NOT NULL CHECK (rakeback_bp BETWEEN 0 AND 10000)
);
CREATE UNIQUE INDEX vip_levels_wager ON vip_levels (wager_needed, level);

-- Per-user reward state; the row is created on first need. Bets touch only the bettor's own row.
CREATE TABLE user_rewards (
  user_id              BIGINT PRIMARY KEY REFERENCES users(id),
  rakeback_units       BIGINT NOT NULL DEFAULT 0 CHECK (rakeback_units >= 0),
  rakeback_claimed     BIGINT NOT NULL DEFAULT 0,
  rakeback_claims      INTEGER NOT NULL DEFAULT 0,
  -- the affiliate this player supports (set once, for good)
  referrer_id          BIGINT REFERENCES users(id) CHECK (referrer_id <> user_id),
  referred_code        TEXT,
  referred_at          TIMESTAMPTZ,
  -- the affiliate's cut of this player's rake since the link, and this player's wager since then
  referral_units       BIGINT NOT NULL DEFAULT 0 CHECK (referral_units >= 0),
  referral_wager       BIGINT NOT NULL DEFAULT 0,
  -- as an affiliate: what this user has claimed of the referrals' cut
  affiliate_collected  BIGINT NOT NULL DEFAULT 0,
  affiliate_claims     INTEGER NOT NULL DEFAULT 0,
  faucet_last_at       TIMESTAMPTZ,
  faucet_claims        INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX user_rewards_referrer ON user_rewards (referrer_id) WHERE referrer_id IS NOT NULL;

-- Each user's own affiliate code (letters, digits, underscore; unique ignoring case).
CREATE TABLE affiliate_codes (
  user_id     BIGINT PRIMARY KEY REFERENCES users(id),
  code        TEXT NOT NULL,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX affiliate_codes_code_ci ON affiliate_codes (lower(code));

CREATE TABLE coupons (
  id          BIGSERIAL PRIMARY KEY,
  code        TEXT NOT NULL,
  message     TEXT NOT NULL DEFAULT '',
  payout      BIGINT NOT NULL CHECK (payout > 0),
  uses        INTEGER NOT NULL CHECK (uses > 0),
  used        INTEGER NOT NULL DEFAULT 0 CHECK (used >= 0 AND used <= uses),
  created_by  BIGINT REFERENCES users(id),
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX coupons_code_ci ON coupons (lower(code));

-- One redemption per coupon and account, enforced by the key.
CREATE TABLE coupon_redemptions (
  coupon_id   BIGINT NOT NULL REFERENCES coupons(id),
  user_id     BIGINT NOT NULL REFERENCES users(id),
  payout      BIGINT NOT NULL,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (coupon_id, user_id)
);
CREATE INDEX coupon_redemptions_user ON coupon_redemptions (user_id);
