import { type FormEvent, useState } from 'react';
import { GIVEAWAY_TEXT } from '@coinsite/shared/schemas/giveaway';
import {
  RACE_TEXT,
  type RaceCreated,
  type RaceSchedule,
  raceScheduledText,
} from '@coinsite/shared/schemas/race';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { toastFailure } from '../../lib/errors.ts';
import { http } from '../../lib/http.ts';
import { useAction } from '../../lib/use-action.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/input.tsx';

/** A small admin form: fields sent as typed (spec-2 §5, no client validation), the spec's toasts. */
function useSubmit(path: string, success: string, failure: string) {
  const { pending, run } = useAction();
  async function submit(body: Record<string, unknown>): Promise<boolean> {
    const done = await run(
      async () => {
        await http.put(path, body);
        toast.success(success);
        return true;
      },
      (err) => toastFailure(err, failure),
    );
    return done === true;
  }
  return { pending, submit };
}

/** Trivia creation (PUT /external/v1/trivia/create): shown only when the server has the route. */
export function TriviaForm() {
  const empty = { question: '', answer: '', winnerAmount: '', prize: '' };
  const [form, setForm] = useState(empty);
  const { pending, submit } = useSubmit(
    '/external/v1/trivia/create',
    'Successfully created trivia!',
    'There was an error creating trivia: ',
  );
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (await submit(form)) setForm(empty);
  }
  return (
    <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <Field label="Question" value={form.question} onChange={set('question')} autoComplete="off" />
      </div>
      <Field label="Answer" value={form.answer} onChange={set('answer')} autoComplete="off" />
      <Field label="Winners" value={form.winnerAmount} onChange={set('winnerAmount')} inputMode="numeric" />
      <Field label="Prize (per winner)" value={form.prize} onChange={set('prize')} inputMode="decimal" />
      <Button type="submit" loading={pending} disabled={pending} className="self-end sm:h-11">
        Create trivia
      </Button>
    </form>
  );
}

/**
 * Giveaway creation (PUT /external/v1/giveaway/create {prize, durationMinutes, minWager}): the entry
 * rule is coins wagered in the last 7 days (empty = anyone signed in).
 */
export function GiveawayForm() {
  const empty = { prize: '', durationMinutes: '', minWager: '' };
  const [form, setForm] = useState(empty);
  const { pending, submit } = useSubmit(
    '/external/v1/giveaway/create',
    GIVEAWAY_TEXT.created,
    'There was an error creating giveaway: ',
  );
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body =
      form.minWager.trim() === '' ? { prize: form.prize, durationMinutes: form.durationMinutes } : form;
    if (await submit(body)) setForm(empty);
  }
  return (
    <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <Field label="Prize" value={form.prize} onChange={set('prize')} inputMode="decimal" />
      <Field
        label="Duration (minutes)"
        value={form.durationMinutes}
        onChange={set('durationMinutes')}
        inputMode="numeric"
      />
      <Field
        label="Min. wager, last 7 days (optional)"
        value={form.minWager}
        onChange={set('minWager')}
        inputMode="decimal"
      />
      <Button type="submit" loading={pending} disabled={pending} className="self-end sm:h-11">
        Start giveaway
      </Button>
    </form>
  );
}

const RACE_SCHEDULE_KEY = ['admin', 'race-schedule'] as const;

function shortDate(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
}

/** The running race and the race waiting after it (GET /external/v1/race/schedule). */
function RaceScheduleList() {
  const schedule = useQuery({
    queryKey: RACE_SCHEDULE_KEY,
    queryFn: () => http.get<RaceSchedule>('/external/v1/race/schedule'),
  });
  const data = schedule.data;
  if (!data) return null;
  const rows = [
    ...(data.current ? [{ race: data.current, label: 'Running' }] : []),
    ...data.scheduled.map((race) => ({ race, label: 'Scheduled' })),
  ];
  return (
    <section aria-label="Races" className="sm:col-span-2" data-testid="race-schedule">
      <h3 className="mb-2 text-xs font-semibold tracking-wide text-ink-400 uppercase">Races</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-ink-300">No race is running or scheduled.</p>
      ) : (
        <ul className="flex flex-col gap-1.5">
          {rows.map(({ race, label }) => (
            <li
              key={race._id}
              data-testid="race-schedule-row"
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-ink-900/70 px-3 py-2 text-sm ring-1 ring-ink-700"
            >
              <span className="flex items-center gap-2">
                <span
                  className={
                    label === 'Running'
                      ? 'rounded bg-accent-500/15 px-1.5 py-0.5 text-xs font-bold text-accent-300'
                      : 'rounded bg-gold-500/15 px-1.5 py-0.5 text-xs font-bold text-gold-300'
                  }
                >
                  {label}
                </span>
                <span className="font-mono text-white tabular-nums">{race.prize.toFixed(2)} coins</span>
              </span>
              <span className="text-xs text-ink-300">
                {shortDate(race.startsAt)} → {shortDate(race.endingDate)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Race creation (PUT /external/v1/race/create {endingDate: epoch seconds, prize}). A race created
 * while one runs waits for it: the toast says when it starts and the list shows it (issue 28 item 14).
 */
export function RaceForm() {
  const [ending, setEnding] = useState('');
  const [prize, setPrize] = useState('');
  const client = useQueryClient();
  const { pending, run } = useAction();
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // the picker gives local time; the wire wants epoch seconds (PROTOCOL §4)
    const ms = new Date(ending).getTime();
    const endingDate = Number.isNaN(ms) ? ending : Math.floor(ms / 1000);
    await run(
      async () => {
        const created = await http.put<RaceCreated>('/external/v1/race/create', { endingDate, prize });
        toast.success(
          created.status === 'scheduled'
            ? raceScheduledText(created.startsAt, created.endingDate)
            : RACE_TEXT.created,
        );
        setEnding('');
        setPrize('');
        await client.invalidateQueries({ queryKey: RACE_SCHEDULE_KEY });
        await client.invalidateQueries({ queryKey: ['race'] });
      },
      (err) => toastFailure(err, RACE_TEXT.createFailed),
    );
  }
  return (
    <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <Field
        label="Ends at"
        type="datetime-local"
        value={ending}
        onChange={(e) => setEnding(e.target.value)}
      />
      <Field
        label="Prize (coins)"
        value={prize}
        onChange={(e) => setPrize(e.target.value)}
        inputMode="decimal"
      />
      <Button type="submit" loading={pending} disabled={pending} className="sm:col-span-2">
        Create race
      </Button>
      <RaceScheduleList />
    </form>
  );
}
