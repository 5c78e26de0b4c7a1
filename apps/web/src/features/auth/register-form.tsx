import { AGE_REGION_TEXT, ageOn, MIN_AGE, US_STATES } from '@coinsite/shared/schemas/auth';
import { TEXT } from '@coinsite/shared/messages';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { http } from '../../lib/http.ts';
import { useAction } from '../../lib/use-action.ts';
import { Button } from '../../ui/button.tsx';
import { EmailField, Field, PasswordField, inputClass } from '../../ui/input.tsx';
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
    if (!birthDate) {
      toast.error('Please enter your date of birth.');
      return;
    }
    if (ageOn(birthDate, Date.now()) < MIN_AGE) {
      toast.error(AGE_REGION_TEXT.underage);
      return;
    }
    if (!region) {
      toast.error('Please choose your state.');
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
      <div className="grid grid-cols-2 gap-3">
        <Field
          label="Date of birth"
          type="date"
          autoComplete="bday"
          value={birthDate}
          max={new Date().toISOString().slice(0, 10)}
          onChange={(e) => setBirthDate(e.target.value)}
          required
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="register-state" className="text-sm font-medium text-ink-200">
            State
          </label>
          <select
            id="register-state"
            value={region}
            onChange={(e) => setRegion(e.target.value)}
            className={inputClass}
            required
          >
            <option value="">Choose…</option>
            {US_STATES.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="text-xs leading-relaxed text-ink-400">
        By creating an account you confirm that you are at least 18 years old and accept our Terms of Service.
      </p>
      <Button type="submit" size="lg" loading={pending} disabled={pending}>
        Play Now
      </Button>
    </form>
  );
}
