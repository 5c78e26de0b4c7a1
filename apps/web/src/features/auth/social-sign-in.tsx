/** The social providers the server signs in with (PROTOCOL §2.6): each starts at `/api/auth/{provider}`. */
const PROVIDERS = [{ key: 'steam', label: 'Sign in with Steam' }] as const;

/** Steam's mark: a wheel joined by a rod to a small bearing, on the brand's dark blue. */
function SteamMark() {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
      <circle cx="12" cy="12" r="11" fill="#fff" />
      <circle cx="15.6" cy="8.6" r="3.4" fill="none" stroke="#171a21" strokeWidth="1.6" />
      <circle cx="15.6" cy="8.6" r="1.5" fill="#171a21" />
      <path d="M3.2 13.6 8 15.6" stroke="#171a21" strokeWidth="2.2" strokeLinecap="round" />
      <circle cx="8.6" cy="15.9" r="2.3" fill="#171a21" />
      <path d="m10.4 14.6 3-3.4" stroke="#171a21" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

/**
 * "or" and one button per provider. The button is a plain link: the browser leaves the app for the
 * provider and comes back on `/login/{provider}?token=…`, which the social-login page exchanges.
 */
export function SocialSignIn() {
  return (
    <div className="mt-5 flex flex-col gap-3">
      <div className="flex items-center gap-3 text-xs font-semibold text-ink-400" aria-hidden="true">
        <span className="h-px flex-1 bg-ink-700" />
        or
        <span className="h-px flex-1 bg-ink-700" />
      </div>
      {PROVIDERS.map((p) => (
        <a
          key={p.key}
          href={`/api/auth/${p.key}`}
          className="flex h-12 items-center justify-center gap-3 rounded-lg bg-[#171a21] px-6 text-base font-semibold text-white ring-1 ring-[#2a475e] ring-inset transition hover:bg-[#1b2838] focus-visible:outline-2 focus-visible:outline-accent-400"
        >
          <SteamMark />
          {p.label}
        </a>
      ))}
    </div>
  );
}
