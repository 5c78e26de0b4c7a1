import { ageRegionSchema } from '@coinsite/shared/schemas/auth';
import { firstIssue } from '@coinsite/shared/schemas/common';
import { TEXT } from '@coinsite/shared/messages';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { http } from '../../lib/http.ts';
import { useAction } from '../../lib/use-action.ts';
import { Button } from '../../ui/button.tsx';
import { EmailField, Field, PasswordField } from '../../ui/input.tsx';
import { useSiteStore } from '../../lib/site-store.ts';
import { AgeRegionFields } from './age-region-fields.tsx';
import { botCheck } from './recaptcha.ts';
import { useFinishAuth } from './use-finish-auth.ts';

const CHECK_MAIL = 'Check your mail to finish signing up.';

export function RegisterForm() {
  const [email, setEmail] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  // issue 16 §5: adults only, from a permitted state (the server refuses the rest)
  const [birthDate, setBirthDate] = useState('');
  const [region, setRegion] = useState('');
  const { pending, run } = useAction();
  const finish = useFinishAuth();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (password !== repeat) {
      toast.error(TEXT.passwordsNotEqual);
      return;
    }
    // issue 26 item 6: the server's own rules (one shared schema), checked here first
    const rules = { now: Date.now(), refusedRegions: useSiteStore.getState().refusedRegions };
    const ageRegion = ageRegionSchema(rules).safeParse({ birthDate, region });
    if (!ageRegion.success) {
      toast.error(firstIssue(ageRegion.error));
      return;
    }
    void run(async () => {
      const recaptcha = await botCheck('register');
      if (recaptcha === undefined) return;
      const res = await http.post<{ redirect?: string }>('/auth/registration/register', {
        username,
        password,
        email,
        recaptcha,
        birthDate,
        region,
      });
      // with emails confirmed by mail the server sends everyone to /register/check-mail (no token)
      const signedIn = res.redirect?.includes('token=') ?? true;
      await finish(signedIn ? TEXT.registered : CHECK_MAIL, res.redirect);
    }, 'Could not create your account. Please try again.');
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <EmailField value={email} onValue={setEmail} placeholder="you@example.com" required />
      <Field
        label="Username"
        autoComplete="username"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        placeholder="3 to 16 letters, digits or _"
        required
      />
      <PasswordField
        which="new"
        value={password}
        onValue={setPassword}
        placeholder="At least 8 characters"
        required
      />
      <PasswordField
        which="new"
        label="Repeat Password"
        value={repeat}
        onValue={setRepeat}
        placeholder="Type it again"
        required
      />
      <AgeRegionFields
        birthDate={birthDate}
        region={region}
        onBirthDate={setBirthDate}
        onRegion={setRegion}
      />
      <p className="text-xs leading-relaxed text-ink-400">
        By creating an account you confirm that you are at least 18 years old and accept our Terms of Service.
      </p>
      <Button type="submit" size="lg" loading={pending} disabled={pending}>
        Play Now
      </Button>
    </form>
  );
}
