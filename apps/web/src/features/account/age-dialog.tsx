import { type AgeStatus, ageRegionSchema } from '@coinsite/shared/schemas/auth';
import { firstIssue } from '@coinsite/shared/schemas/common';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { errorText } from '../../lib/errors.ts';
import { http } from '../../lib/http.ts';
import { useSiteStore } from '../../lib/site-store.ts';
import { useAction } from '../../lib/use-action.ts';
import { Button } from '../../ui/button.tsx';
import { AppDialog } from '../../ui/dialog.tsx';
import { AgeRegionFields } from '../auth/age-region-fields.tsx';
import { ageAnswered, ageDismissed } from './age-gate.ts';

/**
 * Issue 26 item 6: the ask-once dialog for an account without a date of birth (registered by the
 * original client), before its first deposit or bet. Same fields and rules as the registration form.
 */
export function AgeDialog({ open }: { open: boolean }) {
  const [birthDate, setBirthDate] = useState('');
  const [region, setRegion] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { pending, run } = useAction();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const rules = { now: Date.now(), refusedRegions: useSiteStore.getState().refusedRegions };
    const checked = ageRegionSchema(rules).safeParse({ birthDate, region });
    if (!checked.success) {
      setError(firstIssue(checked.error));
      return;
    }
    setError(null);
    void run(
      async () => {
        await http.post<AgeStatus>('/account/age', checked.data);
        toast.success('Thank you. You are all set.');
        ageAnswered();
      },
      (err) => setError(errorText(err, 'Could not save your answer. Please try again.')),
    );
  }

  return (
    <AppDialog
      open={open}
      onOpenChange={(next) => !next && ageDismissed()}
      title="Confirm your age"
      description="We ask once, before your first deposit or bet."
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate data-testid="age-dialog">
        <p className="text-sm leading-relaxed text-ink-300">
          This site is for adults (18 and over) in the United States, except where it is not permitted. Please
          tell us your date of birth and the state you live in.
        </p>
        <AgeRegionFields
          birthDate={birthDate}
          region={region}
          onBirthDate={setBirthDate}
          onRegion={setRegion}
        />
        {error ? (
          <p role="alert" className="rounded-lg bg-red-500/10 px-3 py-2 text-sm text-red-300">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={ageDismissed}>
            Not now
          </Button>
          <Button type="submit" loading={pending} disabled={pending}>
            Confirm
          </Button>
        </div>
      </form>
    </AppDialog>
  );
}
