import { formatCountdown, RAIN_TEXT } from '@coinsite/shared/schemas/rain';
import { CloudRain, Plus } from 'lucide-react';
import { useEffect } from 'react';
import { formatCoins } from '../../lib/format.ts';
import { Button } from '../../ui/button.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import { joinRain, listenRainJoin, openTipRain, useRainUi } from './rain-store.ts';
import { useRainClock } from './use-rain-clock.ts';

/**
 * The chat's rain panel (spec-2 §2/§4): the pot, 'every 30m' or 'join in: m:ss', Join (→ Joined,
 * dimmed and disabled, once the user's id is in players) and a button for the tip-rain dialog.
 */
export function RainPanel() {
  const { rain, timeLeftToJoin } = useRainClock();
  const user = useAuthStore((s) => s.user);
  const joining = useRainUi((s) => s.joining);
  useEffect(() => listenRainJoin(), []);
  if (!rain.active) return null;
  const joined = user !== null && rain.players.includes(user._id);
  const joinable = rain.joinable && timeLeftToJoin > 0;
  return (
    <div
      data-testid="rain-panel"
      className="flex items-center gap-3 border-b border-ink-700 bg-gradient-to-r from-sky-900/50 via-ink-850 to-ink-850 px-4 py-2.5"
    >
      <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-xl bg-sky-500/15 text-sky-300 ring-1 ring-sky-400/30">
        <CloudRain className="h-5 w-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-1.5 text-sm font-bold text-white">
          {RAIN_TEXT.title}
          <span className="font-mono text-gold-300 tabular-nums" data-testid="rain-prize">
            {formatCoins(rain.prize)}
          </span>
        </p>
        <p className="text-xs text-ink-400" data-testid="rain-timer">
          {joinable ? (
            <>
              {RAIN_TEXT.joinIn}{' '}
              <span className="font-mono text-sky-300 tabular-nums">{formatCountdown(timeLeftToJoin)}</span>
            </>
          ) : (
            RAIN_TEXT.every
          )}
        </p>
      </div>
      {user ? (
        <Button
          variant="ghost"
          size="icon"
          aria-label={RAIN_TEXT.tipRain}
          title={RAIN_TEXT.tipRain}
          onClick={() => openTipRain()}
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
        </Button>
      ) : null}
      {joinable || joined ? (
        <Button
          size="sm"
          variant={joined ? 'secondary' : 'primary'}
          disabled={joined || joining || !user}
          loading={joining && !joined}
          className={joined ? 'opacity-60' : undefined}
          onClick={() => void joinRain()}
          data-testid="rain-join"
        >
          {joined ? RAIN_TEXT.joinedButton : RAIN_TEXT.join}
        </Button>
      ) : null}
    </div>
  );
}
