/** 'Deposit with your preferred payment method' with simple drawn method badges. */
const METHODS: Array<{ name: string; mark: string; color: string }> = [
  { name: 'Visa', mark: 'VISA', color: '#1a1f71' },
  { name: 'Mastercard', mark: '●●', color: '#eb001b' },
  { name: 'Cash App', mark: '$', color: '#00d632' },
  { name: 'Gift Cards', mark: 'GC', color: '#8b5cf6' },
  { name: 'Bitcoin', mark: 'B', color: '#f7931a' },
  { name: 'Ethereum', mark: 'Ξ', color: '#627eea' },
  { name: 'Litecoin', mark: 'Ł', color: '#345d9d' },
  { name: 'USDT', mark: '₮', color: '#26a17b' },
  { name: 'USDC', mark: '$', color: '#2775ca' },
  { name: 'Solana', mark: '◎', color: '#9945ff' },
  { name: 'CS2', mark: 'CS', color: '#de9b35' },
  { name: 'Rust', mark: 'R', color: '#cd412b' },
  { name: 'Dota 2', mark: 'D2', color: '#a12b1f' },
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
            <span
              className="flex h-7 min-w-7 items-center justify-center rounded-lg px-1 text-[11px] font-black text-white"
              style={{ background: m.color }}
              aria-hidden="true"
            >
              {m.mark}
            </span>
            {m.name}
          </li>
        ))}
      </ul>
    </section>
  );
}
