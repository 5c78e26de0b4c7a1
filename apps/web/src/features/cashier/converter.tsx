import {
  amountTextToCents,
  converterInput,
  doubleAmountText,
  halveAmountText,
} from '@coinsite/shared/schemas/cashier';
import { ArrowLeftRight, DollarSign } from 'lucide-react';
import { useId, useState } from 'react';
import { CoinIcon } from '../../ui/coin-icon.tsx';

export interface ConverterValue {
  coins: string;
  dollars: string;
}

export const converterValue = (coins: string): ConverterValue => ({ coins, dollars: halveAmountText(coins) });

/**
 * A converter's value that starts at the method's minimum (coins; once the cashier config has told
 * it) until the player types, so the first request is one the server accepts (issue 28 item 12).
 */
export function useAmountFromMinimum(
  minimum: number | undefined,
  fallback: string,
): [ConverterValue, (value: ConverterValue) => void] {
  const [typed, setTyped] = useState<ConverterValue | null>(null);
  const start = minimum !== undefined && minimum > 0 ? String(Math.round(minimum * 100) / 100) : fallback;
  return [typed ?? converterValue(start), setTyped];
}

/**
 * The two-way coin/dollar converter of spec-1 §5: digits only (empty allowed), other entries are
 * ignored, amounts truncated to 2 decimals; coins → dollars halves, dollars → coins doubles.
 * Under `minCoins` (the card panel's 10) a value is kept as typed but does not move the other field.
 */
export function Converter({
  value,
  onChange,
  minCoins = 0,
  disabled = false,
}: {
  value: ConverterValue;
  onChange: (next: ConverterValue) => void;
  minCoins?: number;
  disabled?: boolean;
}) {
  const id = useId();
  function setCoins(text: string) {
    const clean = converterInput(text);
    if (clean === null) return;
    const below = clean !== '' && amountTextToCents(clean) < minCoins * 100;
    onChange({ coins: clean, dollars: below ? value.dollars : halveAmountText(clean) });
  }
  function setDollars(text: string) {
    const clean = converterInput(text);
    if (clean === null) return;
    const below = clean !== '' && amountTextToCents(clean) < (minCoins / 2) * 100;
    onChange({ coins: below ? value.coins : doubleAmountText(clean), dollars: clean });
  }
  const field =
    'h-11 w-full min-w-0 rounded-lg border border-ink-600 bg-ink-900/80 pr-3 pl-9 font-mono text-sm text-white tabular-nums placeholder:text-ink-400 focus:border-accent-500 focus:ring-2 focus:ring-accent-500/30 focus:outline-none disabled:opacity-60';
  return (
    <div className="flex items-end gap-2">
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <label htmlFor={`${id}-coins`} className="text-xs font-semibold text-ink-300">
          Coins
        </label>
        <div className="relative">
          <CoinIcon className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2" />
          <input
            id={`${id}-coins`}
            inputMode="decimal"
            autoComplete="off"
            className={field}
            value={value.coins}
            disabled={disabled}
            onChange={(e) => setCoins(e.target.value)}
          />
        </div>
      </div>
      <ArrowLeftRight className="mb-3.5 h-4 w-4 shrink-0 text-ink-400" aria-hidden="true" />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <label htmlFor={`${id}-dollars`} className="text-xs font-semibold text-ink-300">
          Dollars
        </label>
        <div className="relative">
          <DollarSign
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-accent-400"
            aria-hidden="true"
          />
          <input
            id={`${id}-dollars`}
            inputMode="decimal"
            autoComplete="off"
            className={field}
            value={value.dollars}
            disabled={disabled}
            onChange={(e) => setDollars(e.target.value)}
          />
        </div>
      </div>
    </div>
  );
}
