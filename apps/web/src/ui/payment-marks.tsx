import type { ReactNode } from 'react';

/**
 * Payment marks drawn by us (issue 14 item 19): simple, recognisable shapes in each method's
 * colours (not the brands' artwork), on a 32×32 tile.
 */
export type PaymentMarkId =
  | 'card'
  | 'visa'
  | 'mastercard'
  | 'cashapp'
  | 'giftcard'
  | 'btc'
  | 'eth'
  | 'ltc'
  | 'doge'
  | 'usdt'
  | 'usdc'
  | 'sol'
  | 'csgo'
  | 'rust'
  | 'dota2';

const coin = (fill: string, body: ReactNode) => (
  <>
    <circle cx="16" cy="16" r="15" fill={fill} />
    {body}
  </>
);

const MARKS: Record<PaymentMarkId, ReactNode> = {
  card: (
    <>
      <rect x="1" y="5" width="30" height="22" rx="4" fill="#1e3a8a" />
      <rect x="1" y="10" width="30" height="4" fill="#0f172a" />
      <rect x="5" y="18" width="9" height="5" rx="1" fill="#fbbf24" />
      <circle cx="22" cy="21" r="3.2" fill="#ef4444" />
      <circle cx="25.5" cy="21" r="3.2" fill="#f59e0b" fillOpacity=".9" />
    </>
  ),
  visa: (
    <>
      <rect x="1" y="6" width="30" height="20" rx="3" fill="#1a1f71" />
      <text x="16" y="20" textAnchor="middle" fontSize="10" fontWeight="900" fontStyle="italic" fill="#fff">
        VISA
      </text>
      <rect x="5" y="22" width="22" height="1.6" fill="#f7b600" />
    </>
  ),
  mastercard: (
    <>
      <rect x="1" y="6" width="30" height="20" rx="3" fill="#111827" />
      <circle cx="12.5" cy="16" r="6.5" fill="#eb001b" />
      <circle cx="19.5" cy="16" r="6.5" fill="#f79e1b" />
      <path d="M16 10.7a6.5 6.5 0 0 1 0 10.6 6.5 6.5 0 0 1 0-10.6z" fill="#ff5f00" />
    </>
  ),
  cashapp: (
    <>
      <rect x="1" y="1" width="30" height="30" rx="8" fill="#00d632" />
      <path
        d="M19.6 11.2c-1-1-2.3-1.5-3.8-1.5-2.2 0-3.6 1.1-3.6 2.7 0 3.8 7.6 2.2 7.6 6.3 0 1.8-1.6 3.1-4 3.1-1.7 0-3.2-.6-4.3-1.7M16 7.5v2.3M16 22v2.5"
        fill="none"
        stroke="#fff"
        strokeWidth="2.4"
        strokeLinecap="round"
      />
    </>
  ),
  giftcard: (
    <>
      <rect x="1" y="6" width="30" height="20" rx="3" fill="#8b5cf6" />
      <rect x="19" y="6" width="3.5" height="20" fill="#ede9fe" fillOpacity=".8" />
      <path
        d="M20.7 11c-3-3.6-6.6-2.4-5.4 0s4.2 1.2 5.4 0c1.2 1.2 4.2 2.4 5.4 0s-2.4-3.6-5.4 0z"
        fill="#fde68a"
      />
      <rect x="4" y="19" width="9" height="2" rx="1" fill="#ede9fe" fillOpacity=".7" />
    </>
  ),
  btc: coin(
    '#f7931a',
    <path
      d="M12.5 9h5.2c2.2 0 3.6 1.1 3.6 2.9 0 1.3-.8 2.2-2 2.5 1.6.3 2.6 1.3 2.6 2.9 0 2-1.6 3.3-4 3.3h-5.4zM12.5 15h5.4M14 7v2M17 7v2M14 20.6v2.2M17 20.6v2.2"
      fill="none"
      stroke="#fff"
      strokeWidth="2"
      strokeLinejoin="round"
      strokeLinecap="round"
    />,
  ),
  eth: coin(
    '#627eea',
    <>
      <path d="M16 5.5 9.5 16.3 16 20l6.5-3.7z" fill="#fff" />
      <path d="M16 5.5v14.5l6.5-3.7z" fill="#c9d3f9" />
      <path d="M9.5 17.6 16 26.5l6.5-8.9L16 21.3z" fill="#fff" />
    </>,
  ),
  ltc: coin(
    '#345d9d',
    <path
      d="M14 8.5 11.8 22h10M10 17.5l9-3.5"
      fill="none"
      stroke="#fff"
      strokeWidth="2.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    />,
  ),
  doge: coin(
    '#c2a633',
    <path
      d="M12 9h4c4 0 6.5 2.8 6.5 7s-2.5 7-6.5 7h-4zM9.5 16h8"
      fill="none"
      stroke="#fff"
      strokeWidth="2.4"
      strokeLinejoin="round"
      strokeLinecap="round"
    />,
  ),
  usdt: coin(
    '#26a17b',
    <>
      <path d="M9 9.5h14M16 9.5v14" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      <ellipse cx="16" cy="15.5" rx="7.5" ry="2.2" fill="none" stroke="#fff" strokeWidth="1.6" />
    </>,
  ),
  usdc: coin(
    '#2775ca',
    <>
      <path
        d="M11 8.5a8.5 8.5 0 0 0 0 15M21 8.5a8.5 8.5 0 0 1 0 15"
        fill="none"
        stroke="#fff"
        strokeWidth="1.8"
      />
      <path
        d="M18.8 12.6c-.6-.9-1.6-1.4-2.9-1.4-1.7 0-2.8.9-2.8 2.1 0 3 6 1.6 6 4.8 0 1.4-1.2 2.4-3.1 2.4-1.3 0-2.5-.5-3.3-1.4M16 9.5v1.7M16 20.6v1.9"
        fill="none"
        stroke="#fff"
        strokeWidth="1.9"
        strokeLinecap="round"
      />
    </>,
  ),
  sol: (
    <>
      <defs>
        <linearGradient id="pm-sol" x1="0" y1="1" x2="1" y2="0">
          <stop offset="0" stopColor="#9945ff" />
          <stop offset="1" stopColor="#14f195" />
        </linearGradient>
      </defs>
      <rect x="1" y="1" width="30" height="30" rx="8" fill="#111827" />
      <g fill="url(#pm-sol)">
        <path d="M10 9h15l-3 3H7z" />
        <path d="M7 14.5h15l3 3H10z" />
        <path d="M10 20h15l-3 3H7z" />
      </g>
    </>
  ),
  csgo: (
    <>
      <rect x="1" y="1" width="30" height="30" rx="8" fill="#de9b35" />
      <circle cx="16" cy="16" r="7.5" fill="none" stroke="#1f2937" strokeWidth="2.2" />
      <path
        d="M16 5.5v6M16 20.5v6M5.5 16h6M20.5 16h6"
        stroke="#1f2937"
        strokeWidth="2.2"
        strokeLinecap="round"
      />
      <circle cx="16" cy="16" r="1.6" fill="#1f2937" />
    </>
  ),
  rust: (
    <>
      <rect x="1" y="1" width="30" height="30" rx="8" fill="#cd412b" />
      <path
        d="M16 7l2 3.2 3.6-1 .5 3.7 3.5 1.4-1.9 3.2 1.9 3.2-3.5 1.4-.5 3.7-3.6-1L16 26l-2-3.2-3.6 1-.5-3.7-3.5-1.4 1.9-3.2-1.9-3.2 3.5-1.4.5-3.7 3.6 1z"
        fill="#fde2d0"
      />
      <circle cx="16" cy="16.5" r="3.4" fill="#cd412b" />
    </>
  ),
  dota2: (
    <>
      <rect x="1" y="1" width="30" height="30" rx="6" fill="#a12b1f" />
      <path d="M7 9.5 9.5 7 25 22.5 22.5 25z" fill="#fff" />
      <path d="M7 20l5 5H7zM20 7h5v5z" fill="#fff" />
    </>
  ),
};

export function PaymentMark({ id, className }: { id: PaymentMarkId; className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" data-mark={id}>
      {MARKS[id]}
    </svg>
  );
}
