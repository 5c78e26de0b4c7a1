import { coinsToCents } from '@coinsite/shared/money';
import { REWARDS_TEXT } from '@coinsite/shared/schemas/economy';
import { levelForWagerCents } from '@coinsite/shared/vip';
import { Box, CalendarDays, CloudRain, Crown, Droplets, Gamepad2, Lock, Timer, Zap } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { formatCoins, formatShortDate } from '../../lib/format.ts';
import { Button } from '../../ui/button.tsx';
import { AppDialog } from '../../ui/dialog.tsx';
import { LoginRequired } from '../../ui/login-required.tsx';
import { Progress } from '../../ui/progress.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import { LevelBadge } from '../vip/level-badge.tsx';
import { RakebackPanel } from '../vip/rakeback-panel.tsx';
import { useVip, vipProgress } from '../vip/vip-api.ts';
import { openVipDialog } from '../vip/vip-store.ts';
import { DailyCasePlaceholder } from './daily-case-placeholder.tsx';
import { FaucetPanel } from './faucet-panel.tsx';
import { RewardBanner, RewardSection, RewardTile } from './reward-cards.tsx';
import { openTipRain } from '../rain/rain-store.ts';
import { useMsUntil } from '../../lib/use-clock.ts';
import { formatClock } from './format-clock.ts';
import { useDailyLastOpen } from '../cases/cases-api.ts';
import { DAILY_CASE_COOLDOWN_MS } from '@coinsite/shared/schemas/cases';
import { formatXp, formatXpOf, XP_RULE } from '../../lib/xp.ts';

type Popup = 'daily' | 'rakeback' | 'faucet' | null;

/** spec-2 §4: display only, counts down from 3345 s and starts again at 3600. */
function useRainTimer(): number {
  const [left, setLeft] = useState(3345);
  useEffect(() => {
    const timer = setInterval(() => setLeft((s) => (s <= 1 ? 3600 : s - 1)), 1000);
    return () => clearInterval(timer);
  }, []);
  return left;
}

function ProfileCard() {
  const user = useAuthStore((s) => s.user);
  const vip = useVip();
  if (!user) return null;
  const fallback = levelForWagerCents(coinsToCents(user.wager));
  const v = vip.data;
  const level = v ? v.currentLevel.name : String(fallback.level);
  const levelName = v ? v.currentLevel.levelName : fallback.levelName;
  const color = v ? v.currentLevel.levelColor : fallback.levelColor;
  const p = v ? vipProgress(v) : null;
  return (
    <div className="flex flex-col gap-4 rounded-3xl bg-[radial-gradient(ellipse_at_top_left,#1d3a2c,transparent_60%),linear-gradient(120deg,#141b31,#0b1020)] p-5 ring-1 ring-ink-700 lg:col-span-2">
      <div className="flex items-center gap-4">
        <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-accent-500/20 text-2xl font-black text-accent-300 ring-2 ring-accent-500/40">
          {user.username.slice(0, 1).toUpperCase()}
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-xl font-black text-white">{user.username}</p>
          <p className="text-sm text-ink-400">Joined on {formatShortDate(user.created)}</p>
        </div>
        <LevelBadge level={level} color={color} className="h-12 w-12 text-base" />
      </div>
      <div className="flex flex-col gap-2">
        <div className="flex justify-between text-xs font-semibold">
          <span style={{ color }}>
            Level {level} · {levelName}
          </span>
          <span className="text-ink-400 tabular-nums" title={XP_RULE} data-testid="rewards-xp">
            {p?.next ? formatXpOf(v?.wager ?? 0, p.next.wagerNeeded) : formatXp(user.wager)}
          </span>
        </div>
        <Progress
          value={p ? p.value : fallback.progress}
          color={color}
          label="Level progress"
          className="h-2.5"
        />
      </div>
      <Button variant="secondary" size="sm" onClick={openVipDialog} className="self-start">
        <Crown className="h-4 w-4 text-gold-400" aria-hidden="true" /> VIP levels
      </Button>
    </div>
  );
}

function RainCard() {
  const left = useRainTimer();
  return (
    <div className="flex flex-col gap-3 rounded-3xl bg-gradient-to-b from-sky-900/40 to-ink-850 p-5 ring-1 ring-sky-400/20">
      <div className="flex items-center gap-3">
        <span className="flex h-11 w-11 items-center justify-center rounded-2xl bg-sky-500/15 text-sky-300">
          <CloudRain className="h-6 w-6" aria-hidden="true" />
        </span>
        <div>
          <p className="font-bold text-white">Rain</p>
          <p className="text-xs text-ink-400">Every 1 hour</p>
        </div>
      </div>
      <p className="font-mono text-3xl font-black text-white tabular-nums" aria-label="Next rain">
        {formatClock(left * 1000)}
      </p>
      <Button variant="secondary" size="sm" onClick={() => openTipRain('5.00')}>
        Tip 5.00
      </Button>
    </div>
  );
}

function Popups({
  popup,
  setPopup,
  dailyCase,
}: {
  popup: Popup;
  setPopup: (p: Popup) => void;
  dailyCase?: ReactNode;
}) {
  const client = useQueryClient();
  const close = (open: boolean) => {
    if (open) return;
    // closed while the reel still spun: the tile asks the server when the case was last opened
    if (popup === 'daily') void client.invalidateQueries({ queryKey: ['daily-last-open'] });
    setPopup(null);
  };
  return (
    <>
      <AppDialog open={popup === 'daily'} onOpenChange={close} title="Daily Case" width="max-w-xl">
        {dailyCase ?? <DailyCasePlaceholder />}
      </AppDialog>
      <AppDialog open={popup === 'rakeback'} onOpenChange={close} title="Rakeback">
        <RakebackPanel showVipLink={false} />
      </AppDialog>
      <AppDialog open={popup === 'faucet'} onOpenChange={close} title="Faucet">
        <FaucetPanel />
      </AppDialog>
    </>
  );
}

/** The Daily Case tile: Open, or the time left once opened (the same query the daily case view updates). */
function DailyCaseTile({ onOpen }: { onOpen: () => void }) {
  const lastOpen = useDailyLastOpen().data ?? null;
  const wait = useMsUntil(lastOpen === null ? null : lastOpen + DAILY_CASE_COOLDOWN_MS);
  return (
    <RewardTile
      icon={<Box className={icon} />}
      title="Daily Case"
      subtitle="Free every 24 hours"
      action={wait > 0 ? formatClock(wait) : 'Open'}
      locked={wait > 0}
      accent="#fbbf24"
      onClick={onOpen}
    />
  );
}

const LEVEL_CASES = [10, 20, 30, 40, 50];
const icon = 'h-7 w-7';

/** /rewards (spec-2): profile card, rain, cases, rakeback, banners; popups for the claims. */
export function RewardsPage({ dailyCase }: { dailyCase?: ReactNode }) {
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  const [popup, setPopup] = useState<Popup>(null);
  const rakeback = useVip().data?.rakebackBalance;
  if (!signedIn) {
    return (
      <div className="mx-auto flex w-full max-w-xl flex-col items-center gap-2 p-6 pt-16 text-center animate-fade-in">
        <h1 className="text-3xl font-black text-white">Rewards</h1>
        <LoginRequired message="Please log in to access your rewards" />
      </div>
    );
  }
  const soon = (text: string) => () => toast.info(text);
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 p-3 animate-fade-in sm:p-6">
      <h1 className="text-2xl font-black text-white">Rewards</h1>
      <div className="grid gap-4 lg:grid-cols-3">
        <ProfileCard />
        <RainCard />
      </div>
      <RewardSection title="Cases">
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          <DailyCaseTile onOpen={() => setPopup('daily')} />
          {LEVEL_CASES.map((level) => (
            <RewardTile
              key={level}
              icon={<Lock className={icon} />}
              title={`Level ${level} Case`}
              subtitle={`Reach level ${level}`}
              action="Locked"
              locked
              accent="#9aa3c0"
              onClick={soon(REWARDS_TEXT.caseNotAvailable)}
            />
          ))}
        </div>
      </RewardSection>
      <RewardSection
        title="Rakeback"
        aside={
          rakeback === undefined ? null : (
            <span className="text-sm text-ink-300">
              Available <span className="font-bold text-gold-300">{formatCoins(rakeback)}</span>
            </span>
          )
        }
      >
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <RewardTile
            icon={<Timer className={icon} />}
            title="Daily"
            subtitle="Your rakeback of the day"
            action="Claim"
            onClick={() => setPopup('rakeback')}
          />
          <RewardTile
            icon={<CalendarDays className={icon} />}
            title="Weekly"
            subtitle="Collect it every week"
            action="Claim"
            accent="#38bdf8"
            onClick={() => setPopup('rakeback')}
          />
          <RewardTile
            icon={<Crown className={icon} />}
            title="Monthly"
            subtitle="Or let it grow all month"
            action="Claim"
            accent="#a855f7"
            onClick={() => setPopup('rakeback')}
          />
          <RewardTile
            icon={<Zap className={icon} />}
            title="Instant"
            subtitle="Paid on every bet"
            action="Soon"
            locked
            accent="#f59e0b"
            onClick={soon(REWARDS_TEXT.instantRakebackSoon)}
          />
        </div>
      </RewardSection>
      <div className="grid gap-4 md:grid-cols-2">
        <RewardBanner
          title="Free to Play"
          text="Play with free credits once your account is verified."
          action="Verify"
          icon={<Gamepad2 className={icon} />}
          gradient="bg-gradient-to-r from-violet-700/70 to-fuchsia-700/50"
          onClick={soon(REWARDS_TEXT.kycRequired)}
        />
        <RewardBanner
          title="Faucet"
          text="Out of coins? The faucet tops you up for free."
          action="Claim"
          icon={<Droplets className={icon} />}
          gradient="bg-gradient-to-r from-sky-700/70 to-cyan-700/50"
          onClick={() => setPopup('faucet')}
        />
      </div>
      <Popups popup={popup} setPopup={setPopup} dailyCase={dailyCase} />
    </div>
  );
}
