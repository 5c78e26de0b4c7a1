import type { AuditEntry } from '@coinsite/shared/schemas/admin';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { type FormEvent, type InputHTMLAttributes, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { errorText } from '../../lib/errors.ts';
import { http } from '../../lib/http.ts';
import { Button } from '../../ui/button.tsx';
import { inputClass } from '../../ui/input.tsx';
import { UserNameLink } from '../profile/user-link.tsx';
import { PanelMessage, ScrollArea } from './panel-parts.tsx';

const PAGE = 50;

interface Filters {
  actor: string;
  action: string;
  target: string;
  from: string;
  to: string;
}
const NO_FILTERS: Filters = { actor: '', action: '', target: '', from: '', to: '' };

function auditUrl(filters: Filters, before?: string): string {
  const q = new URLSearchParams({ limit: String(PAGE) });
  for (const [key, value] of Object.entries(filters)) if (value.trim()) q.set(key, value.trim());
  if (before) q.set('before', before);
  return `/external/v1/audit-log?${q.toString()}`;
}

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/** The details as one line of `key: value` pairs (JSON for nested values). */
function detailText(detail: unknown): string {
  if (detail === null || typeof detail !== 'object') return detail == null ? '' : String(detail);
  return Object.entries(detail as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`)
    .join(' · ');
}

function Row({ entry }: { entry: AuditEntry }) {
  const detail = detailText(entry.detail);
  return (
    <li
      data-testid="audit-row"
      className="grid gap-1 border-t border-ink-800 px-3 py-2.5 text-sm first:border-t-0"
    >
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="rounded bg-accent-500/10 px-1.5 py-0.5 font-mono text-xs font-semibold text-accent-300">
          {entry.action}
        </span>
        {entry.target ? (
          <span className="text-xs text-ink-300">
            on <span className="font-mono text-ink-100">{entry.target}</span>
          </span>
        ) : null}
        <span className="text-xs text-ink-400">
          by{' '}
          {entry.actorId ? (
            <UserNameLink
              id={entry.actorId}
              name={entry.actorName ?? `#${entry.actorId}`}
              className="inline font-semibold text-white"
            />
          ) : (
            'system'
          )}
        </span>
        <time className="ml-auto text-xs text-ink-400 tabular-nums" dateTime={entry.created}>
          {timeFormat.format(new Date(entry.created))}
        </time>
      </div>
      {detail ? (
        <p className="truncate font-mono text-[11px] text-ink-400" title={detail}>
          {detail}
        </p>
      ) : null}
    </li>
  );
}

function FilterField({
  label,
  className,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  return (
    <label className={cn('flex min-w-0 flex-col gap-1 text-xs font-medium text-ink-300', className)}>
      {label}
      <input className={inputClass} aria-label={label} {...props} />
    </label>
  );
}

/** The Audit tab: every admin and moderator action, newest first, filtered by actor, action, target and date. */
export function AuditPanel() {
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const actions = useQuery({
    queryKey: ['admin', 'audit-actions'],
    queryFn: () => http.get<string[]>('/external/v1/audit-log/actions'),
    staleTime: 30_000,
  });
  const log = useInfiniteQuery({
    queryKey: ['admin', 'audit', filters],
    queryFn: ({ pageParam }) => http.get<AuditEntry[]>(auditUrl(filters, pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.length < PAGE ? undefined : last[last.length - 1]?.id),
  });
  const set = (key: keyof Filters) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilters(draft);
  };
  const entries = log.data?.pages.flat() ?? [];

  return (
    <div className="flex flex-col gap-3">
      <form
        onSubmit={apply}
        aria-label="Audit filters"
        className="grid grid-cols-2 items-end gap-2 sm:grid-cols-[1fr_1fr_1fr_9.5rem_9.5rem_auto]"
      >
        <FilterField label="Actor" placeholder="Username or ID" value={draft.actor} onChange={set('actor')} />
        <label className="flex min-w-0 flex-col gap-1 text-xs font-medium text-ink-300">
          Action
          <select className={inputClass} aria-label="Action" value={draft.action} onChange={set('action')}>
            <option value="">All actions</option>
            {(actions.data ?? []).map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
        <FilterField
          label="Target"
          placeholder="User, tx, code…"
          value={draft.target}
          onChange={set('target')}
        />
        <FilterField label="From" type="date" value={draft.from} onChange={set('from')} />
        <FilterField label="To" type="date" value={draft.to} onChange={set('to')} />
        <div className="flex gap-2">
          <Button type="submit" size="sm" className="h-11 flex-1">
            Filter
          </Button>
          <Button
            type="button"
            variant="secondary"
            size="sm"
            className="h-11"
            aria-label="Reload"
            onClick={() => {
              void log.refetch();
              void actions.refetch();
            }}
          >
            <RefreshCw className={cn('h-4 w-4', log.isFetching && 'animate-spin')} aria-hidden="true" />
          </Button>
        </div>
      </form>
      <ScrollArea>
        {log.isPending ? (
          <PanelMessage loading />
        ) : log.isError ? (
          <PanelMessage>{errorText(log.error, 'Could not load the audit log.')}</PanelMessage>
        ) : entries.length === 0 ? (
          <PanelMessage>No audit entries match these filters.</PanelMessage>
        ) : (
          <ul>
            {entries.map((e) => (
              <Row key={e.id} entry={e} />
            ))}
          </ul>
        )}
        {log.hasNextPage ? (
          <div className="flex justify-center border-t border-ink-800 p-2">
            <Button
              variant="secondary"
              size="sm"
              loading={log.isFetchingNextPage}
              disabled={log.isFetchingNextPage}
              onClick={() => void log.fetchNextPage()}
            >
              Load older
            </Button>
          </div>
        ) : null}
      </ScrollArea>
    </div>
  );
}
