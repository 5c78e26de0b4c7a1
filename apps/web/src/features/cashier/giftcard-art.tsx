/**
 * Our own drawings of the six gift-card products (issue 14 item 13): a card in its value's colours
 * with the site's coin, a chip, a ribbon and the value in large type. Nothing is copied or loaded.
 */
const PALETTES: Record<number, [string, string, string]> = {
  5: ['#38bdf8', '#1d4ed8', '#e0f2fe'],
  10: ['#34d399', '#047857', '#d1fae5'],
  15: ['#a78bfa', '#6d28d9', '#ede9fe'],
  20: ['#fb923c', '#c2410c', '#ffedd5'],
  50: ['#f472b6', '#be185d', '#fce7f3'],
  100: ['#facc15', '#a16207', '#fef9c3'],
};

export function GiftCardArt({ value, className }: { value: number; className?: string }) {
  const [light, dark, pale] = PALETTES[value] ?? ['#94a3b8', '#334155', '#f1f5f9'];
  const id = `gc${value}`;
  return (
    <svg viewBox="0 0 160 100" className={className} role="img" aria-label={`$${value} CoinSite gift card`}>
      <defs>
        <linearGradient id={`${id}-bg`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={light} />
          <stop offset="1" stopColor={dark} />
        </linearGradient>
        <linearGradient id={`${id}-coin`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fde68a" />
          <stop offset="1" stopColor="#d97706" />
        </linearGradient>
      </defs>
      <rect x="1" y="1" width="158" height="98" rx="10" fill={`url(#${id}-bg)`} />
      {/* soft rings in the corner */}
      <circle cx="140" cy="96" r="44" fill="none" stroke={pale} strokeOpacity=".18" strokeWidth="10" />
      <circle cx="140" cy="96" r="22" fill={pale} fillOpacity=".12" />
      {/* the ribbon and its bow */}
      <rect x="104" y="1" width="10" height="98" fill={pale} fillOpacity=".35" />
      <path d="M109 22c-10-12-22-8-18 0s14 4 18 0c4 4 14 8 18 0s-8-12-18 0z" fill={pale} fillOpacity=".75" />
      {/* a chip */}
      <rect x="12" y="38" width="20" height="15" rx="3" fill="#fde68a" stroke="#b45309" strokeWidth="1" />
      <path d="M12 45.5h20M22 38v15" stroke="#b45309" strokeWidth="1" />
      {/* the coin mark and the name */}
      <circle cx="20" cy="18" r="8" fill={`url(#${id}-coin)`} stroke="#92400e" strokeWidth="1" />
      <text x="20" y="21.5" textAnchor="middle" fontSize="10" fontWeight="900" fill="#78350f">
        C
      </text>
      <text x="32" y="21.5" fontSize="10" fontWeight="800" fill="#fff">
        CoinSite
      </text>
      <text x="32" y="31" fontSize="6.5" fontWeight="700" letterSpacing="1.2" fill={pale}>
        GIFT CARD
      </text>
      <text x="12" y="88" fontSize="28" fontWeight="900" fill="#fff">
        ${value}
      </text>
    </svg>
  );
}
