import { type FormEvent, useState } from 'react';
import { GIVEAWAY_TEXT } from '@coinsite/shared/schemas/giveaway';
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

/** Race creation (PUT /external/v1/race/create {endingDate: epoch seconds, prize}). */
export function RaceForm() {
  const [ending, setEnding] = useState('');
  const [prize, setPrize] = useState('');
  const { pending, submit } = useSubmit(
    '/external/v1/race/create',
    'Successfully created new race!',
    'There was an error creating new race: ',
  );
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // the picker gives local time; the wire wants epoch seconds (PROTOCOL §4)
    const ms = new Date(ending).getTime();
    const endingDate = Number.isNaN(ms) ? ending : Math.floor(ms / 1000);
    if (await submit({ endingDate, prize })) {
      setEnding('');
      setPrize('');
    }
  }
  return (
    <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <Field
        label="Ends at"
        type="datetime-local"
        value={ending}
        onChange={(e) => setEnding(e.target.value)}
      />
      <Field label="Prize" value={prize} onChange={(e) => setPrize(e.target.value)} inputMode="decimal" />
      <Button type="submit" loading={pending} disabled={pending} className="sm:col-span-2">
        Create race
      </Button>
    </form>
  );
}
