import type { CashierConfigView, CryptoCurrency } from '@coinsite/shared/schemas/cashier';
import { ArrowLeft, ChevronRight, ExternalLink } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { http } from '../../lib/http.ts';
import { CardPanel } from './card-panel.tsx';
import { CashAppPanel } from './cashapp-panel.tsx';
import { CryptoPanel } from './crypto-panel.tsx';
import { GiftCardPanel } from './giftcard-panel.tsx';
import {
  CRYPTO_LOOK,
  CRYPTO_TILES,
  FIAT_TILES,
  type MethodKey,
  PANE_CLOSE_MS,
  SKIN_TILES,
  type TileLook,
} from './methods.ts';
import { MethodMark, SandboxBadge, SectionTitle } from './parts.tsx';

// phones: three small upright tiles a row; wider screens: a row each with mark, names and arrow
const tileClass =
  'group flex flex-col items-center gap-1.5 rounded-xl bg-ink-950/50 p-2.5 text-center ring-1 ring-ink-700 transition hover:bg-ink-700/60 hover:ring-ink-500 sm:flex-row sm:gap-3 sm:text-left';
const arrowClass = 'hidden h-4 w-4 shrink-0 text-ink-500 group-hover:text-ink-200 sm:block';

function TileBody({ look }: { look: TileLook }) {
  return (
    <>
      <MethodMark look={look} />
      <span className="w-full min-w-0 sm:flex-1">
        <span className="block truncate text-sm font-bold text-white">{look.label}</span>
        <span className="block truncate text-[11px] text-ink-400">{look.sub}</span>
      </span>
    </>
  );
}

/** One skin-payment order per opening; the three tiles link to its page with their game. */
function useSkinsOrder() {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    http
      .post<{ hash: string; url: string }>('/skinsback/create_order', { user_id: null })
      .then((res) => {
        if (live) setUrl(res.url);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return url;
}

function Tiles({ onPick, config }: { onPick: (key: MethodKey) => void; config?: CashierConfigView }) {
  const skinsUrl = useSkinsOrder();
  const withGame = (game: string) =>
    skinsUrl ? `${skinsUrl}${skinsUrl.includes('?') ? '&' : '?'}game=${game}` : undefined;
  return (
    <div className="flex flex-col gap-5">
      <section>
        <SectionTitle>Fiat</SectionTitle>
        <div className="grid grid-cols-3 gap-2">
          {FIAT_TILES.map((t) => (
            <button key={t.key} type="button" className={tileClass} onClick={() => onPick(t.key)}>
              <TileBody look={t} />
              <ChevronRight className={arrowClass} aria-hidden="true" />
            </button>
          ))}
        </div>
      </section>
      <section>
        <SectionTitle>
          <span className="inline-flex items-center gap-2">
            Steam items {config?.sandbox.skins ? <SandboxBadge /> : null}
          </span>
        </SectionTitle>
        <div className="grid grid-cols-3 gap-2">
          {SKIN_TILES.map((t) => (
            <a
              key={t.game}
              href={withGame(t.game)}
              target="_blank"
              rel="noreferrer"
              aria-disabled={!skinsUrl}
              className={cn(tileClass, !skinsUrl && 'pointer-events-none opacity-60')}
            >
              <TileBody look={t} />
              <ExternalLink className={arrowClass} aria-hidden="true" />
            </a>
          ))}
        </div>
      </section>
      <section>
        <SectionTitle>Cryptocurrency</SectionTitle>
        <div className="grid grid-cols-3 gap-2">
          {CRYPTO_TILES.map((c) => (
            <button key={c} type="button" className={tileClass} onClick={() => onPick(c)}>
              <TileBody look={CRYPTO_LOOK[c]} />
              <ChevronRight className={arrowClass} aria-hidden="true" />
            </button>
          ))}
        </div>
      </section>
    </div>
  );
}

function Panel({ method, config }: { method: MethodKey; config?: CashierConfigView }) {
  if (method === 'card') return <CardPanel config={config} />;
  if (method === 'cashapp') return <CashAppPanel config={config} />;
  if (method === 'giftcard') return <GiftCardPanel config={config} />;
  return <CryptoPanel key={method} currency={method as CryptoCurrency} config={config} />;
}

/**
 * The deposit tab's two sliding panes (spec-1 §2, §4): choosing a tile slides the method's pane in;
 * Back slides it out and clears the selection 750 ms later (so the pane does not go blank mid-slide).
 */
export function DepositTab({ config, initial }: { config?: CashierConfigView; initial?: MethodKey | null }) {
  const [selected, setSelected] = useState<MethodKey | null>(initial ?? null);
  const [open, setOpen] = useState(initial != null);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (clearTimer.current) clearTimeout(clearTimer.current);
    },
    [],
  );

  function pick(key: MethodKey) {
    if (clearTimer.current) clearTimeout(clearTimer.current);
    setSelected(key);
    setOpen(true);
  }
  function back() {
    setOpen(false);
    clearTimer.current = setTimeout(() => setSelected(null), PANE_CLOSE_MS);
  }

  // clip, not hidden: a hidden box can still be scrolled sideways by focusing a field in it
  return (
    <div className="relative -mx-1 overflow-clip">
      <div
        className="flex w-[200%] items-start transition-transform duration-500 ease-out"
        style={{ transform: open ? 'translateX(-50%)' : 'translateX(0)' }}
      >
        <div className="w-1/2 min-w-0 shrink-0 px-1" inert={open}>
          <Tiles onPick={pick} config={config} />
        </div>
        <div className="w-1/2 min-w-0 shrink-0 px-1" inert={!open}>
          <button
            type="button"
            onClick={back}
            className="mb-4 inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-semibold text-ink-300 transition hover:bg-ink-700 hover:text-white"
          >
            <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back
          </button>
          {selected ? <Panel method={selected} config={config} /> : null}
        </div>
      </div>
    </div>
  );
}
