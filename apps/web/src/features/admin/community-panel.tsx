import {
  COMMUNITY_SETTINGS_TEXT,
  type ChatSettingsView,
  type RainSettingsView,
  type SuspiciousRainJoin,
} from '@coinsite/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { toastFailure } from '../../lib/errors.ts';
import { http } from '../../lib/http.ts';
import { useAction } from '../../lib/use-action.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/input.tsx';
import { PanelMessage, ScrollArea } from './panel-parts.tsx';

const KEYS = {
  chat: ['admin', 'chat-settings'],
  rain: ['admin', 'rain-settings'],
  suspicious: ['admin', 'rain-suspicious'],
} as const;

type Form = Record<string, string>;
interface FieldSpec {
  key: string;
  label: string;
  decimal?: boolean;
}

const CHAT_FIELDS: FieldSpec[] = [
  { key: 'slowModeSeconds', label: 'Slow mode (seconds)', decimal: true },
  { key: 'duplicateWindowSeconds', label: 'Duplicate window (seconds)', decimal: true },
  { key: 'minLevel', label: 'Level to chat' },
  { key: 'tipMinLevel', label: 'Level to tip' },
  { key: 'tipMin', label: 'Minimum tip', decimal: true },
  { key: 'tipMax', label: 'Maximum tip', decimal: true },
];

const RAIN_FIELDS: FieldSpec[] = [
  { key: 'everyMinutes', label: 'Rain every (minutes)' },
  { key: 'joinWindowSeconds', label: 'Join window (seconds)' },
  { key: 'basePot', label: 'House pot', decimal: true },
  { key: 'minLevel', label: 'Level to join (or KYC)' },
  { key: 'minWager', label: 'Minimum wagered to join', decimal: true },
  { key: 'tipMinLevel', label: 'Level to tip the rain' },
  { key: 'tipMin', label: 'Minimum rain tip', decimal: true },
  { key: 'tipMax', label: 'Maximum rain tip', decimal: true },
];

const toForm = (v: object): Form => Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)]));

/** One settings form: loaded from GET, sent as typed with PUT (the server validates and says why). */
function SettingsForm<T extends object>({
  title,
  path,
  queryKey,
  fields,
  saved,
}: {
  title: string;
  path: string;
  queryKey: readonly string[];
  fields: FieldSpec[];
  saved: string;
}) {
  const client = useQueryClient();
  const query = useQuery({ queryKey, queryFn: () => http.get<T>(path) });
  const [form, setForm] = useState<Form | null>(null);
  const { pending, run } = useAction();
  useEffect(() => {
    if (query.data && !form) setForm(toForm(query.data));
  }, [query.data, form]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!form) return;
    void run(
      async () => {
        const next = await http.put<T>(path, form);
        client.setQueryData(queryKey, next);
        setForm(toForm(next));
        toast.success(saved);
      },
      (err) => toastFailure(err, 'There was an error saving the settings: '),
    );
  }

  return (
    <section aria-label={title} className="flex flex-col gap-3">
      <h3 className="font-bold text-white">{title}</h3>
      {!form ? (
        <PanelMessage loading={query.isPending}>
          {query.isError ? 'The settings could not be loaded.' : null}
        </PanelMessage>
      ) : (
        <form onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-2">
          {fields.map((f) => (
            <Field
              key={f.key}
              label={f.label}
              value={form[f.key] ?? ''}
              inputMode={f.decimal ? 'decimal' : 'numeric'}
              autoComplete="off"
              onChange={(e) => setForm({ ...form, [f.key]: e.target.value })}
            />
          ))}
          <Button
            type="submit"
            loading={pending}
            disabled={pending}
            className="self-end sm:col-span-2 sm:justify-self-end"
          >
            Save
          </Button>
        </form>
      )}
    </section>
  );
}

/** Rain joins from an address another joiner of the same rain used (the rain's anti-abuse log). */
function SuspiciousJoins() {
  const query = useQuery({
    queryKey: KEYS.suspicious,
    queryFn: () => http.get<SuspiciousRainJoin[]>('/external/v1/rain/suspicious'),
  });
  const rows = query.data ?? [];
  return (
    <section aria-label="Suspicious rain joins" className="flex flex-col gap-3">
      <div className="flex items-center justify-between">
        <h3 className="font-bold text-white">Suspicious rain joins</h3>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          Refresh
        </Button>
      </div>
      {query.isPending ? <PanelMessage loading /> : null}
      {query.isError ? <PanelMessage>The joins could not be loaded.</PanelMessage> : null}
      {query.isSuccess && rows.length === 0 ? (
        <PanelMessage>No suspicious joins: every joiner came from an address of their own.</PanelMessage>
      ) : null}
      {rows.length > 0 ? (
        <ScrollArea className="px-3 py-1">
          <table className="w-full text-left text-xs">
            <thead className="text-ink-400">
              <tr>
                <th className="py-1.5 pr-3 font-semibold">Rain</th>
                <th className="py-1.5 pr-3 font-semibold">Player</th>
                <th className="py-1.5 pr-3 font-semibold">Address</th>
                <th className="py-1.5 pr-3 font-semibold">Same address as</th>
                <th className="py-1.5 font-semibold">Joined</th>
              </tr>
            </thead>
            <tbody className="text-ink-200">
              {rows.map((r) => (
                <tr
                  key={`${r.rainId}:${r.userId}`}
                  data-testid="suspicious-join"
                  className="border-t border-ink-700"
                >
                  <td className="py-1.5 pr-3 font-mono">#{r.rainId}</td>
                  <td className="py-1.5 pr-3 font-semibold text-white">
                    {r.username} <span className="font-mono text-ink-400">({r.userId})</span>
                  </td>
                  <td className="py-1.5 pr-3 font-mono">{r.ip}</td>
                  <td className="py-1.5 pr-3 font-mono">{r.sameIpUsers.join(', ') || '—'}</td>
                  <td className="py-1.5">{new Date(r.joined).toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      ) : null}
    </section>
  );
}

/** The admin dialog's "Chat & rain" tab: the operator settings and the rain's suspicious joins. */
export function CommunityPanel() {
  return (
    <div className="flex flex-col gap-6">
      <SettingsForm<ChatSettingsView>
        title="Chat settings"
        path="/external/v1/chat/settings"
        queryKey={KEYS.chat}
        fields={CHAT_FIELDS}
        saved={COMMUNITY_SETTINGS_TEXT.chatSaved}
      />
      <SettingsForm<RainSettingsView>
        title="Rain settings"
        path="/external/v1/rain/settings"
        queryKey={KEYS.rain}
        fields={RAIN_FIELDS}
        saved={COMMUNITY_SETTINGS_TEXT.rainSaved}
      />
      <SuspiciousJoins />
    </div>
  );
}
