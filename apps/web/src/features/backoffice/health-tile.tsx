import { CheckCircle2, TriangleAlert } from 'lucide-react';
import { Button } from '../../ui/button.tsx';
import { useHealth, useTransparencySetting } from './backoffice-api.ts';

/**
 * The ledger check the leader runs every 15 minutes (balances = ledger sums, no rake on refunds,
 * nothing during a break), its last result, and the operator's switch of the transparency page.
 */
export function HealthTile() {
  const health = useHealth();
  const toggle = useTransparencySetting();
  const last = health.data?.runs[0];
  return (
    <section
      className="flex flex-col gap-2 rounded-2xl bg-ink-850/80 p-4 ring-1 ring-ink-700"
      aria-label="Health"
      data-testid="health-tile"
    >
      <h2 className="text-sm font-bold uppercase tracking-wide text-ink-300">Health</h2>
      {!last ? (
        <p className="text-sm text-ink-300">
          {health.isPending ? 'Loading…' : 'The ledger check has not run yet.'}
        </p>
      ) : (
        <div className="flex items-start gap-2">
          {last.ok ? (
            <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-accent-400" aria-hidden="true" />
          ) : (
            <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0 text-red-400" aria-hidden="true" />
          )}
          <div className="min-w-0 text-sm">
            <p className={last.ok ? 'font-semibold text-accent-300' : 'font-semibold text-red-300'}>
              Ledger check {last.ok ? 'clean' : 'found problems'}
            </p>
            <p className="text-xs text-ink-300">{new Date(last.at).toLocaleString()}</p>
            <p className="break-words text-xs text-ink-300">{last.summary}</p>
            {last.problems.slice(0, 5).map((p) => (
              <p key={p} className="break-words text-xs text-red-300">
                {p}
              </p>
            ))}
          </div>
        </div>
      )}
      {health.data ? (
        <ul
          className="flex flex-col gap-0.5 border-t border-ink-700 pt-2 text-xs"
          aria-label="Alerts (this node, since it started)"
        >
          {health.data.alerts.map((a) => (
            <li key={a.name} className="flex flex-col" title={a.rule}>
              <span className={a.firing ? 'font-semibold text-red-300' : 'text-ink-200'}>
                {a.firing ? '● ' : '○ '}
                {a.name}
              </span>
              <span className="pl-3.5 text-ink-400">{a.value}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="text-xs text-ink-400">
        Rollup as of {health.data?.rollupAsOf ? new Date(health.data.rollupAsOf).toLocaleTimeString() : '—'}
      </p>
      {health.data ? (
        <div className="flex items-center justify-between gap-2 border-t border-ink-700 pt-2 text-sm">
          <span className="text-ink-200">
            Transparency page {health.data.transparencyEnabled ? 'public' : 'off'}
          </span>
          <Button
            size="sm"
            variant="secondary"
            loading={toggle.isPending}
            onClick={() => toggle.mutate(!health.data.transparencyEnabled)}
          >
            {health.data.transparencyEnabled ? 'Turn off' : 'Turn on'}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
