import { PaymentMark, type PaymentMarkId } from '../../ui/payment-marks.tsx';

/** 'Deposit with your preferred payment method' with our drawn payment marks. */
const METHODS: Array<{ name: string; mark: PaymentMarkId }> = [
  { name: 'Visa', mark: 'visa' },
  { name: 'Mastercard', mark: 'mastercard' },
  { name: 'Cash App', mark: 'cashapp' },
  { name: 'Gift Cards', mark: 'giftcard' },
  { name: 'Bitcoin', mark: 'btc' },
  { name: 'Ethereum', mark: 'eth' },
  { name: 'Litecoin', mark: 'ltc' },
  { name: 'USDT', mark: 'usdt' },
  { name: 'USDC', mark: 'usdc' },
  { name: 'Solana', mark: 'sol' },
  { name: 'CS2', mark: 'csgo' },
  { name: 'Rust', mark: 'rust' },
  { name: 'Dota 2', mark: 'dota2' },
];

export function PaymentMethods() {
  return (
    <section
      aria-labelledby="payment-methods"
      className="rounded-2xl bg-ink-850 p-5 ring-1 ring-ink-700 sm:p-6"
    >
      <h2 id="payment-methods" className="mb-4 text-center text-base font-bold text-white sm:text-lg">
        Deposit with your preferred payment method
      </h2>
      <ul className="flex flex-wrap justify-center gap-2">
        {METHODS.map((m) => (
          <li
            key={m.name}
            className="flex items-center gap-2 rounded-xl bg-ink-900/80 py-1.5 pr-3 pl-1.5 text-xs font-semibold text-ink-200 ring-1 ring-ink-700"
          >
            <PaymentMark id={m.mark} className="h-7 w-7 shrink-0" />
            {m.name}
          </li>
        ))}
      </ul>
    </section>
  );
}
