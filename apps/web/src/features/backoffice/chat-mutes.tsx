import type { StatsPlayer } from '@coinsite/shared/schemas/stats';
import { Cell, SectionHead, Table } from './parts.tsx';

const when = (iso: string) => new Date(iso).toLocaleString();

/** The player's chat mute (running or the last one) and every mute set on them, from the audit log. */
export function ChatMutes({ p }: { p: StatsPlayer }) {
  const m = p.chatMute;
  return (
    <section className="flex flex-col gap-2" data-testid="chat-mutes">
      <SectionHead
        title="Chat mutes"
        csv={{
          name: `player-${p.id}-mutes.csv`,
          header: ['at', 'by', 'minutes', 'until'],
          rows: () => p.muteHistory.map((h) => [h.at, h.actorName, h.minutes, h.until]),
        }}
      />
      <p className={m?.active ? 'text-sm font-semibold text-red-300' : 'text-sm text-ink-300'}>
        {m === null
          ? 'Never muted.'
          : `${m.active ? 'Muted until' : 'Last mute ended'} ${when(m.until)}${
              m.mutedByName ? ` · by ${m.mutedByName}` : m.mutedById ? ` · by #${m.mutedById}` : ''
            }`}
      </p>
      {p.muteHistory.length === 0 ? null : (
        <Table label="Chat mutes" head={['When', 'By', 'For', 'Until']}>
          {p.muteHistory.map((h) => (
            <tr key={h.at}>
              <Cell>{when(h.at)}</Cell>
              <Cell>{h.actorName ?? '—'}</Cell>
              <Cell>{h.minutes === null ? '—' : `${h.minutes} min`}</Cell>
              <Cell>{h.until ? when(h.until) : '—'}</Cell>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}
