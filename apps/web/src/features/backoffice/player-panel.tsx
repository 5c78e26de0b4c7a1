import type { StatsPlayer } from '@coinsite/shared/schemas/stats';
import { ChatMutes } from './chat-mutes.tsx';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { inputClass } from '../../ui/input.tsx';
import { BalanceForm } from '../admin/balance-form.tsx';
import { PanelMessage } from '../admin/panel-parts.tsx';
import { BanButton } from '../admin/users-panel.tsx';
import { useAddNote, usePlayer, usePlayerSearch } from './backoffice-api.ts';
import { Cell, coins, count, percent, SectionHead, Table, Tile } from './parts.tsx';

function Find({ onPick }: { onPick: (id: string) => void }) {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const found = usePlayerSearch(q);
  return (
    <div className="flex flex-col gap-2">
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(text.trim());
        }}
      >
        <label className="sr-only" htmlFor="player-find">
          Name, email or id
        </label>
        <input
          id="player-find"
          className={inputClass}
          placeholder="Name, email or id"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit" aria-label="Find">
          <Search className="h-4 w-4" aria-hidden="true" />
        </Button>
      </form>
      {found.data ? (
        found.data.players.length === 0 ? (
          <p className="text-sm text-ink-300">No player matches.</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {found.data.players.map((p) => (
              <li key={p.id}>
                <Button size="sm" variant="secondary" onClick={() => onPick(p.id)}>
                  {p.username} <span className="text-ink-400">#{p.id}</span>
                </Button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}

function Notes({ p }: { p: StatsPlayer }) {
  const [body, setBody] = useState('');
  const add = useAddNote(p.id);
  return (
    <section className="flex flex-col gap-2">
      <SectionHead title="Staff notes" />
      <form
        className="flex flex-col gap-2 sm:flex-row"
        onSubmit={(e) => {
          e.preventDefault();
          if (!body.trim()) return;
          add.mutate(body.trim(), {
            onSuccess: () => setBody(''),
            onError: (err) => toast.error(err.message),
          });
        }}
      >
        <label className="sr-only" htmlFor="note-body">
          New note
        </label>
        <textarea
          id="note-body"
          className={`${inputClass} h-20 py-2`}
          maxLength={2000}
          placeholder="A note for the staff (audited)"
          value={body}
          onChange={(e) => setBody(e.target.value)}
        />
        <Button type="submit" loading={add.isPending} className="sm:self-start">
          Add note
        </Button>
      </form>
      <ul className="flex flex-col gap-2">
        {p.notes.map((n) => (
          <li key={n.id} className="rounded-xl bg-ink-950/40 px-3 py-2 text-sm ring-1 ring-ink-700">
            <p className="whitespace-pre-wrap text-ink-100">{n.body}</p>
            <p className="text-xs text-ink-400">
              {n.authorName ?? 'staff'} · {new Date(n.created).toLocaleString()}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The admin dialog's own actions on this player (each audited by its route): ban, balance adjustment. */
function Actions({ p }: { p: StatsPlayer }) {
  const user = {
    _id: p.id,
    username: p.username,
    avatar: '',
    rank: p.rank,
    wallet: p.balance,
    banned: p.banned,
  };
  return (
    <section className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-lg font-extrabold text-white">Actions</h2>
        <BanButton key={String(p.banned)} user={user} />
      </div>
      <BalanceForm user={user} />
      <p className="text-xs text-ink-400">
        Chat mutes are set in the chat (a message's menu, or {'.mute-user <id>'}); they show above.
      </p>
    </section>
  );
}

function PlayerView({ p }: { p: StatsPlayer }) {
  const rg = p.responsibleGaming;
  const limits = Object.entries(rg.limits).filter(([, v]) => v !== null);
  return (
    <div className="flex flex-col gap-4" data-testid="player-view">
      <div className="flex flex-wrap items-baseline gap-x-3">
        <h2 className="text-xl font-black text-white">{p.username}</h2>
        <span className="text-sm text-ink-300">
          #{p.id} · {p.email ?? 'no email'} · joined {new Date(p.created).toLocaleDateString()}
          {p.banned ? ' · banned' : ''}
        </span>
      </div>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Tile label="Balance" value={coins(p.balance)} />
        <Tile label="Deposits" value={coins(p.deposits)} sub={`withdrawals ${coins(p.withdrawals)}`} />
        <Tile label="Wagered" value={coins(p.wagered)} sub={`paid ${coins(p.paid)}`} />
        <Tile
          label="House net"
          value={coins(p.houseNet)}
          tone={p.houseNet >= 0 ? 'good' : 'bad'}
          sub={`GGR ${coins(p.ggr)} − bonuses ${coins(p.bonuses)} − admin ${coins(p.adminCredits)}`}
        />
      </div>
      <section className="flex flex-col gap-2">
        <SectionHead
          title="Personal RTP per game"
          csv={{
            name: `player-${p.id}-games.csv`,
            header: ['game', 'bets', 'wagered', 'paid', 'ggr', 'rtp'],
            rows: () => p.games.map((g) => [g.game, g.bets, g.wagered, g.paid, g.ggr, g.rtp]),
          }}
        />
        <Table label="Personal RTP per game" head={['Game', 'Bets', 'Wagered', 'Paid', 'GGR', 'RTP']}>
          {p.games.map((g) => (
            <tr key={g.game}>
              <Cell className="font-semibold text-white">{g.game}</Cell>
              <Cell>{count(g.bets)}</Cell>
              <Cell>{coins(g.wagered)}</Cell>
              <Cell>{coins(g.paid)}</Cell>
              <Cell>{coins(g.ggr)}</Cell>
              <Cell>{percent(g.rtp)}</Cell>
            </tr>
          ))}
        </Table>
      </section>
      <div className="grid gap-3 md:grid-cols-2">
        <section className="rounded-2xl bg-ink-850/80 p-4 text-sm ring-1 ring-ink-700">
          <h3 className="mb-2 font-bold text-white">Bonuses received</h3>
          <dl className="grid grid-cols-2 gap-1">
            {Object.entries(p.bonusByKind)
              .filter(([, v]) => v !== 0)
              .map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="text-ink-300">{k}</dt>
                  <dd className="tabular-nums text-white">{coins(v)}</dd>
                </div>
              ))}
          </dl>
        </section>
        <section className="rounded-2xl bg-ink-850/80 p-4 text-sm ring-1 ring-ink-700">
          <h3 className="mb-2 font-bold text-white">Responsible gaming</h3>
          <p className="text-ink-200">
            {rg.block
              ? `On a ${rg.block.kind.replace('_', '-')} until ${rg.block.until ? new Date(rg.block.until).toLocaleString() : 'forever'}`
              : 'No break running.'}
          </p>
          <p className="text-ink-300">
            {limits.length === 0
              ? 'No limits set.'
              : limits.map(([k, v]) => `${k.replace('_', ' ')} ${coins(v as number)}`).join(' · ')}
          </p>
        </section>
      </div>
      <ChatMutes p={p} />
      <section className="flex flex-col gap-2">
        <SectionHead
          title="Sessions"
          csv={{
            name: `player-${p.id}-sessions.csv`,
            header: ['id', 'ip', 'device', 'created', 'lastSeen', 'active'],
            rows: () => p.sessions.map((s) => [s.id, s.ip, s.device, s.created, s.lastSeen, s.active]),
          }}
        />
        <Table label="Sessions" head={['IP', 'Device', 'Started', 'Last seen', 'Active']}>
          {p.sessions.map((s) => (
            <tr key={s.id}>
              <Cell>{s.ip || '—'}</Cell>
              <Cell className="max-w-80 truncate">{s.device || '—'}</Cell>
              <Cell>{new Date(s.created).toLocaleString()}</Cell>
              <Cell>{new Date(s.lastSeen).toLocaleString()}</Cell>
              <Cell>{s.active ? 'yes' : 'no'}</Cell>
            </tr>
          ))}
        </Table>
      </section>
      <section className="flex flex-col gap-2">
        <SectionHead title="Accounts sharing an IP or device" />
        {p.sharedWith.length === 0 ? (
          <p className="text-sm text-ink-300">None.</p>
        ) : (
          <Table label="Accounts sharing an IP or device" head={['Player', 'Shared', 'Value']}>
            {p.sharedWith.map((s) => (
              <tr key={`${s.id}-${s.via}`}>
                <Cell className="text-white">
                  {s.username} #{s.id}
                </Cell>
                <Cell>{s.via}</Cell>
                <Cell className="max-w-80 truncate">{s.value}</Cell>
              </tr>
            ))}
          </Table>
        )}
      </section>
      <section className="flex flex-col gap-2">
        <SectionHead
          title="Audit"
          csv={{
            name: `player-${p.id}-audit.csv`,
            header: ['id', 'action', 'actor', 'created', 'detail'],
            rows: () =>
              p.audit.map((a) => [a.id, a.action, a.actorName, a.created, JSON.stringify(a.detail)]),
          }}
        />
        {p.audit.length === 0 ? (
          <p className="text-sm text-ink-300">Nothing audited.</p>
        ) : (
          <Table label="Audit" head={['When', 'Action', 'By', 'Detail']}>
            {p.audit.map((a) => (
              <tr key={a.id}>
                <Cell>{new Date(a.created).toLocaleString()}</Cell>
                <Cell className="text-white">{a.action}</Cell>
                <Cell>{a.actorName ?? '—'}</Cell>
                <Cell className="max-w-96 truncate text-xs">{JSON.stringify(a.detail)}</Cell>
              </tr>
            ))}
          </Table>
        )}
      </section>
      <Notes p={p} />
      <Actions p={p} />
    </div>
  );
}

/** The Player tab: find a player, then everything about them. */
export function PlayerPanel() {
  const [id, setId] = useState<string | null>(null);
  const player = usePlayer(id);
  return (
    <div className="flex flex-col gap-4">
      <Find onPick={setId} />
      {id === null ? null : player.isPending ? (
        <PanelMessage loading>Loading the player…</PanelMessage>
      ) : player.data ? (
        <PlayerView p={player.data} />
      ) : (
        <PanelMessage>{player.error?.message ?? 'Could not load the player.'}</PanelMessage>
      )}
    </div>
  );
}
